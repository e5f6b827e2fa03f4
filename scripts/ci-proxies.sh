#!/usr/bin/env bash
# Installs Debian's HAProxy (the journeys' run through a load balancer) and nginx with its Brotli module
# (the README's reverse-proxy example, tested as written). CI is root. Prints HAProxy's path.
set -euo pipefail
if [ ! -x /usr/sbin/haproxy ] || [ ! -x /usr/sbin/nginx ] || [ ! -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy nginx-light libnginx-mod-http-brotli-static >&2
fi
# The packages' own services are not wanted: the tests start each with a configuration of their own.
echo /usr/sbin/haproxy
