# scripts/setup.sh -- sourced by scripts/run and scripts/test: installs the
# Debian packages the build needs (only those missing), configures the
# build directory if it is not yet, and builds.
#
#   pdn_setup BUILD_DIR [MESON_OPTION...]

PDN_PACKAGES="meson ninja-build pkg-config gcc libc6-dev libyaml-dev libpcre2-dev libcmocka-dev"

pdn_missing_packages() {
    missing=""
    for p in $PDN_PACKAGES; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
            grep -q 'install ok installed' || missing="$missing $p"
    done
    echo $missing
}

pdn_install() {
    missing=$(pdn_missing_packages)
    [ -z "$missing" ] && return 0
    echo "pdn: installing missing packages: $missing" >&2
    if [ "$(id -u)" -eq 0 ]; then
        sudo=""
    elif command -v sudo >/dev/null 2>&1; then
        sudo="sudo"
    else
        echo "pdn: need root (or sudo) to install: $missing" >&2
        return 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    $sudo apt-get install -y -qq --no-install-recommends $missing \
        >/dev/null 2>&1 ||
        { $sudo apt-get update -qq &&
          $sudo apt-get install -y -qq --no-install-recommends $missing; }
}

pdn_setup() {
    dir=$1
    shift
    pdn_install || return 1
    if [ ! -f "$dir/build.ninja" ]; then
        meson setup "$dir" "$@" >"$dir.setup.log" 2>&1 ||
            { cat "$dir.setup.log" >&2; return 1; }
        rm -f "$dir.setup.log"
    fi
    ninja -C "$dir" >"$dir.build.log" 2>&1 ||
        { cat "$dir.build.log" >&2; return 1; }
    rm -f "$dir.build.log"
}
