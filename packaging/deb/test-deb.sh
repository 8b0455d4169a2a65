#!/usr/bin/env bash
# `make test-deb`: what a user does with the package, on this machine: apt-get install ./pbtool.deb,
# pbtool --version, man pbtool-enroll, a Tab completion in bash, then apt-get purge; afterwards no
# file of the package may remain. Needs root (CI is). docs/packaging.md.
set -euo pipefail

deb=$(readlink -f "${1:?usage: test-deb.sh PACKAGE.deb}")
[ "$(id -u)" = 0 ] || { echo "test-deb: needs root (it installs the package)"; exit 2; }
if dpkg-query -W -f='${Status}' pbtool 2>/dev/null | grep -q "ok installed"; then
    echo "test-deb: pbtool is already installed here; remove it first (this test installs and purges it)"
    exit 2
fi
lock=(-o DPkg::Lock::Timeout=600)   # other jobs on the machine may be installing packages too
fail() { echo "test-deb: FAILED: $*"; exit 1; }

echo "test-deb: installing $deb"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${lock[@]}" "$deb" >/dev/null
files=$(dpkg-query -L pbtool)
trap 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "${lock[@]}" pbtool >/dev/null 2>&1 || true' EXIT

version=$(/usr/bin/pbtool --version) || fail "/usr/bin/pbtool --version"
[ "$version" = "$(dpkg-query -W -f='${Version}' pbtool)" ] || fail "pbtool --version says $version"
echo "test-deb: pbtool --version: $version"

page=$(MANWIDTH=100 MANPAGER=cat man -l /usr/share/man/man1/pbtool-enroll.1.gz) || fail "man -l pbtool-enroll.1.gz"
grep -q -- "--finger finger" <<<"$page" || fail "man -l shows no --finger option"
MANWIDTH=100 MANPAGER=cat man pbtool-enroll | grep -q "^NAME" || fail "man pbtool-enroll"
MANWIDTH=100 MANPAGER=cat man 5 pbtool-apdu-script | grep -q "GRAMMAR" || fail "man 5 pbtool-apdu-script"
echo "test-deb: man pbtool-enroll and man 5 pbtool-apdu-script show their pages"

completed=$(bash -c 'source /usr/share/bash-completion/completions/pbtool
    COMP_WORDS=(pbtool en); COMP_CWORD=1; COMP_LINE="pbtool en"; COMP_POINT=${#COMP_LINE}
    _pbtool pbtool en pbtool; echo "${COMPREPLY[*]}"')
[ "$completed" = "enroll" ] || fail "bash completes 'pbtool en' to '$completed'"
echo "test-deb: bash completes 'pbtool en' to 'enroll'"

[ -f /lib/udev/rules.d/70-pbtool.rules ] || fail "the udev rules are not installed"

echo "test-deb: removing"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "${lock[@]}" pbtool >/dev/null
trap - EXIT
! dpkg-query -W -f='${Status}' pbtool 2>/dev/null | grep -q "installed" || fail "dpkg still lists pbtool"
left=""
while IFS= read -r path; do
    [ -f "$path" ] && left="$left $path"
done <<<"$files"
[ -z "$left" ] || fail "files left after purge:$left"
echo "test-deb: installed, ran and removed cleanly ($(wc -l <<<"$files") paths)"
