# Installing apt packages from the laptop scripts, one way: sourced by scripts/bootstrap.sh and
# scripts/test-pi-stack.sh, which each decide what is missing (bootstrap by the commands it needs,
# the Pi stack's test by dpkg, since it wants Debian's own builds); each defines `die` (its own
# prefix on errors) before it sources this.
# (firmware_config/install.sh, the Pi's installer, keeps its own steps: it runs alone on the Pi.)
# shellcheck shell=bash

# as_root COMMAND...: run it as root, through sudo when this user is not.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@";
    elif command -v sudo >/dev/null 2>&1; then sudo "$@";
    else die "need root to run: $* (run as root or install sudo)"; fi
}

# apt_install PACKAGE...: apt-get update, then install them quietly (no recommends); when that
# fails, the last lines apt-get said go to stderr and it returns 1 (the caller says what it means).
apt_install() {
    local apt_log
    # said here, not inside the log below: there it would be lost with the script's exit
    [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1 \
        || die "need root to install: $* (run as root or install sudo)"
    apt_log="$(mktemp)"
    if { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
         && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"; } \
            >"$apt_log" 2>&1; then
        rm -f "$apt_log"
        return 0
    fi
    tail -n 20 "$apt_log" >&2
    rm -f "$apt_log"
    return 1
}
