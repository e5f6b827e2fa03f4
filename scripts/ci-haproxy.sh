#!/usr/bin/env bash
# Installs Debian's HAProxy for the journeys' run through a load balancer (CI is root). Prints its path.
set -euo pipefail
if ! command -v haproxy >/dev/null 2>&1 && [ ! -x /usr/sbin/haproxy ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >&2
fi
# The package's own service is not wanted: the test run starts HAProxy with a configuration of its own.
if command -v haproxy >/dev/null 2>&1; then command -v haproxy; else echo /usr/sbin/haproxy; fi
