#!/usr/bin/env bash
# Installs what Relief needs on Debian 12, group by group, and does nothing for
# what is already there, so every make target can call it on every run.
#
# Usage: scripts/install-deps.sh GROUP...
#
#   build   C libraries, pkg-config and fonts for `swift build`; checks the Swift toolchain
#   test    build + rsvg-convert, optipng, Chromium and its driver, python3-venv, nginx and curl
#   bench   build + optipng, wrk, nginx, hyperfine, valgrind, bc, and the virtual environment .venv-bench with
#           requirements-bench.txt installed (Takumi, which `make bench-service` compares with)
#   python  the virtual environment .venv with requirements-test.txt installed
#
# Run as root; otherwise it uses sudo for apt-get when sudo exists.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Text: FreeType, HarfBuzz, fontconfig (fallback fonts), FriBiDi (bidi) and ICU (line breaks); the
# families' own fonts (Inter, Noto Serif, Comfortaa, DejaVu Sans Mono) and the Noto fonts every other
# script and colour emoji fall back to. libssl-dev: libcrypto's HMAC-SHA256 for signed URLs.
# libdeflate-dev: the fast first encodes' deflate (docs/PNG-ENCODING.md). libwebp-dev and libavif-dev
# (with libaom): format=webp and format=avif (docs/FORMATS.md).
build_packages=(libpng-dev zlib1g-dev libdeflate-dev libwebp-dev libavif-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libicu-dev
    libssl-dev pkg-config fontconfig fonts-inter fonts-dejavu-core fonts-comfortaa fonts-noto-core fonts-noto-cjk
    fonts-noto-color-emoji)
# nginx and curl: `make cluster-test` runs replicas behind nginx (scripts/cluster.sh).
test_packages=(librsvg2-bin optipng chromium chromium-driver python3-venv nginx curl)
# python3-venv brings python3 itself on a bare Debian and ensurepip for its venvs.
bench_packages=(optipng wrk nginx curl hyperfine valgrind bc python3-venv)
python_packages=(python3-venv)

usage() {
    sed -n '5,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

fail() {
    echo "install-deps: $*" >&2
    exit 1
}

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        fail "installing packages needs root: run this script as root or install sudo"
    fi
}

is_installed() {
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

install_apt_packages() {
    local missing=() package
    for package in "$@"; do
        is_installed "$package" || missing+=("$package")
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        echo "install-deps: Debian packages all present ($*)"
        return
    fi
    echo "install-deps: installing Debian packages: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Swift is no Debian package: it comes from the toolchain archive, usually unpacked in /opt/swift.
check_swift() {
    local swift="${SWIFT:-swift}" version
    if ! command -v "$swift" >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
        swift=/opt/swift/usr/bin/swift
    fi
    if ! command -v "$swift" >/dev/null 2>&1; then
        fail "no Swift toolchain found (looked for '${SWIFT:-swift}' on PATH and in /opt/swift/usr/bin).
Relief needs Swift 6. Swift is not a Debian package: download the Debian 12 toolchain archive
from swift.org (Install > Linux), unpack it so that /opt/swift/usr/bin/swift exists, or put its
usr/bin on PATH, or pass SWIFT=/path/to/swift."
    fi
    version="$("$swift" --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)"
    if [[ -z "$version" || "${version%%.*}" -lt 6 ]]; then
        fail "$swift reports Swift '${version:-unknown}'; Relief needs Swift 6 or newer"
    fi
    echo "install-deps: Swift $version at $(command -v "$swift")"
}

# Makes the virtual environment $1. Tries the interpreter on PATH, then Debian's own, then
# virtualenv, because a python3 without ensurepip (Debian's before python3-venv) cannot make a venv
# with pip in it.
create_venv() {
    local venv_dir="$1" attempt
    for attempt in "python3 -m venv" "/usr/bin/python3 -m venv" "python3 -m virtualenv"; do
        rm -rf "$venv_dir"
        if $attempt "$venv_dir" >/dev/null 2>&1 && "$venv_dir/bin/python" -m pip --version >/dev/null 2>&1; then
            echo "install-deps: created $venv_dir with '$attempt'"
            return
        fi
    done
    rm -rf "$venv_dir"
    fail "could not create $venv_dir: install python3-venv (apt-get install python3-venv)"
}

# Installs the requirements file $2 of the repository into its virtual environment $1 (both named
# from the repository's root), making it first if need be.
install_python_requirements() {
    local venv_dir="$repo_root/$1" requirements="$repo_root/$2"
    # The stamp records which requirements the venv holds, so pip runs only when they change.
    local stamp="$venv_dir/.requirements.sha256" wanted
    [[ -f "$requirements" ]] || fail "missing $requirements"
    if [[ ! -x "$venv_dir/bin/python" ]] || ! "$venv_dir/bin/python" -c 'import sys' >/dev/null 2>&1; then
        create_venv "$venv_dir"
    fi
    wanted="$(cat "$requirements" <("$venv_dir/bin/python" --version) | sha256sum | cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
        echo "install-deps: Python packages in $1 are up to date with $2"
        return
    fi
    echo "install-deps: installing $2 into $1"
    "$venv_dir/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    echo "$wanted" >"$stamp"
}

main() {
    [[ $# -gt 0 ]] || { usage; exit 2; }
    local packages=() want_swift=false want_python=false want_bench_python=false group
    for group in "$@"; do
        case "$group" in
            build) packages+=("${build_packages[@]}"); want_swift=true ;;
            test) packages+=("${build_packages[@]}" "${test_packages[@]}"); want_swift=true ;;
            bench) packages+=("${build_packages[@]}" "${bench_packages[@]}"); want_swift=true; want_bench_python=true ;;
            python) packages+=("${python_packages[@]}"); want_python=true ;;
            -h | --help) usage; exit 0 ;;
            *) usage >&2; fail "unknown group '$group' (allowed: build, test, bench, python)" ;;
        esac
    done
    # Fail before a long apt run when the one thing apt cannot provide is missing.
    if $want_swift; then check_swift; fi
    # Each package once, in first-seen order.
    mapfile -t packages < <(printf '%s\n' "${packages[@]}" | awk '!seen[$0]++')
    install_apt_packages "${packages[@]}"
    if $want_python; then install_python_requirements .venv requirements-test.txt; fi
    if $want_bench_python; then install_python_requirements .venv-bench requirements-bench.txt; fi
}

main "$@"
