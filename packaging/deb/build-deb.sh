#!/usr/bin/env bash
# `make deb`: builds pbtool_<version>_<arch>.deb with Debian's own tools (dpkg-checkbuilddeps,
# dpkg-shlibdeps, dpkg-deb): the release binary (Swift runtime inside), the udev rules (reloaded
# by postinst), man pages generated from the commands' help plus the hand-written pbtool(1) and
# pbtool-apdu-script(5), bash/zsh/fish completions, and the guide under /usr/share/doc/pbtool.
# docs/packaging.md describes the package; `make lintian` checks it.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/packaging/deb
swift=${SWIFT:-swift}
out=${DEB_DIR:-$root/.build/deb}
stage=$out/pbtool

# 1. Every build dependency, checked the Debian way before anything is built.
if ! command -v dpkg-checkbuilddeps >/dev/null 2>&1; then
    echo "make deb: missing build dependency: dpkg-dev (dpkg-checkbuilddeps, dpkg-shlibdeps); apt-get install dpkg-dev" >&2
    exit 2
fi
if ! dpkg-checkbuilddeps --admindir="${DPKG_ADMINDIR:-/var/lib/dpkg}" "$here/build-control"; then
    echo "make deb: install the packages named above (apt-get install …, or make deps) and run make deb again" >&2
    exit 2
fi

# 2. The binaries: pbtool in release with the Swift runtime linked in; pbmanual (a build tool) in debug.
(cd "$root" && "$swift" build -c release --static-swift-stdlib --product pbtool && "$swift" build --product pbmanual)
pbtool=$root/.build/release/pbtool
pbmanual=$root/.build/debug/pbmanual
version=$("$pbtool" --version)
arch=$(dpkg --print-architecture)
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}
date=$(date -u -d "@$epoch" +%Y-%m-%d)

# 3. The tree, as installed.
rm -rf "$stage"
install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/lib/udev/rules.d" "$stage/usr/share/man/man1" \
    "$stage/usr/share/man/man5" "$stage/usr/share/doc/pbtool" "$stage/usr/share/bash-completion/completions" \
    "$stage/usr/share/zsh/vendor-completions" "$stage/usr/share/fish/vendor_completions.d" "$stage/usr/share/metainfo"
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$stage/usr/bin/pbtool" "$pbtool"
chmod 0755 "$stage/usr/bin/pbtool"
install -m 0644 "$root/udev/70-pbtool.rules" "$stage/lib/udev/rules.d/70-pbtool.rules"
# AppStream: every vendor/product pair the rules give the seat user, as a modalias (upper-case hex).
modaliases=$(sed -n 's/.*ATTR{idVendor}=="\([0-9a-fA-F]\{4\}\)", ATTR{idProduct}=="\([0-9a-fA-F]\{4\}\)".*/\1 \2/p' \
    "$root/udev/70-pbtool.rules" | while read -r vendor product; do
        printf '    <modalias>usb:v%sp%sd*</modalias>\n' "${vendor^^}" "${product^^}"; done)
MODALIASES=$modaliases awk '{ if ($0 == "@MODALIASES@") print ENVIRON["MODALIASES"]; else print }' "$here/metainfo.xml.in" \
    >"$stage/usr/share/metainfo/org.pbtool.pbtool.metainfo.xml"

"$pbmanual" --tool "$stage/usr/bin/pbtool" --output "$out/man" --date "$date" >/dev/null
install -m 0644 "$out"/man/*.1 "$root/docs/man/pbtool.1" "$stage/usr/share/man/man1/"
install -m 0644 "$root/docs/man/pbtool-apdu-script.5" "$stage/usr/share/man/man5/"
rm -rf "$out/man"

"$stage/usr/bin/pbtool" --generate-completion-script bash | sed '1{/^#!/d}' >"$stage/usr/share/bash-completion/completions/pbtool"
"$stage/usr/bin/pbtool" --generate-completion-script zsh >"$stage/usr/share/zsh/vendor-completions/_pbtool"
"$stage/usr/bin/pbtool" --generate-completion-script fish >"$stage/usr/share/fish/vendor_completions.d/pbtool.fish"

install -m 0644 "$here/copyright" "$stage/usr/share/doc/pbtool/copyright"
install -m 0644 "$root/README.md" "$root"/docs/*.md "$stage/usr/share/doc/pbtool/"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
maintainer="$(git -C "$root" config user.name 2>/dev/null || echo pbtool maintainers) <$(git -C "$root" config user.email 2>/dev/null || echo root@localhost)>"
printf 'pbtool (%s) unstable; urgency=medium\n\n  * Built by make deb from commit %s.\n\n -- %s  %s\n' \
    "$version" "$commit" "$maintainer" "$(date -u -R -d "@$epoch")" >"$stage/usr/share/doc/pbtool/changelog"
# Debian policy 12.3 and 12.1: documentation over 4 kB and every man page are compressed with gzip
# -9n; the changelog of a native package (no Debian revision) is changelog.gz (12.7).
find "$stage/usr/share/doc/pbtool" -type f ! -name copyright ! -name changelog -size +4k -exec gzip -9n {} +
gzip -9n "$stage/usr/share/doc/pbtool/changelog" "$stage"/usr/share/man/man*/*

# 4. Maintainer scripts and control: Depends from what the binary links (dpkg-shlibdeps reads its
# NEEDED entries and the libraries' symbols files).
install -m 0755 "$here/postinst" "$here/postrm" "$stage/DEBIAN/"
shlibs=$out/shlibs
rm -rf "$shlibs" && mkdir -p "$shlibs/debian"
printf 'Source: pbtool\n\nPackage: pbtool\nArchitecture: any\n' >"$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O -e"$stage/usr/bin/pbtool" | sed -n 's/^shlibs:Depends=//p')
rm -rf "$shlibs"
size=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@MAINTAINER@/$maintainer/" \
    -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" "$here/control.in" >"$stage/DEBIAN/control"
(cd "$stage" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -exec touch -h -d "@$epoch" {} +

# 5. The package.
rm -f "$out"/pbtool_*.deb
deb=$out/pbtool_${version}_${arch}.deb
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "make deb: $deb ($(du -h "$deb" | cut -f1); Depends: $depends)"
