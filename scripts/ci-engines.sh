#!/usr/bin/env bash
# Installs Debian's WebKitGTK WebDriver (with MiniBrowser), Xvfb and Firefox ESR: the main journeys run in
# them too (apps/web/playwright.engines.config.ts). CI is root. The test command would install them as
# well (scripts/ensure-engines.ts); here the install is a step of its own, timed apart.
set -euo pipefail
if [ ! -x /usr/bin/WebKitWebDriver ] || [ ! -x /usr/bin/Xvfb ] || [ ! -x /usr/bin/firefox-esr ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq webkit2gtk-driver xvfb firefox-esr
fi
