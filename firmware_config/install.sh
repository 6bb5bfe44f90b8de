#!/usr/bin/env bash
# Turn a Raspberry Pi (Raspberry Pi OS Bookworm or Trixie) into a Math Card Station that starts on
# boot. Run it from a clone of the repository:
#
#     sudo firmware_config/install.sh            # install, or update after `git pull`
#     firmware_config/install.sh --dry-run       # print what it would do, change nothing
#
# Safe to run again: every step checks first and does only what is missing or changed. It never
# overwrites the station config in /etc/mathstation/station.toml.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HERE="$ROOT/firmware_config"
APT_PACKAGES=(python3-picamera2 python3-opencv python3-venv libzbar0 python3-lgpio i2c-tools python3-flask
              python3-flaskext.wtf python3-limits python3-babel espeak-ng
              alsa-utils python3-tomli-w
              python3-paho-mqtt)
# --broker: this Pi is also the class's MQTT broker (docs/classroom.md); mosquitto_passwd comes with it
BROKER_PACKAGES=(mosquitto)
BROKER_DIR=/etc/mosquitto/mathstation
# Only in the Raspberry Pi repository (archive.raspberrypi.com), which Raspberry Pi OS uses and
# Debian or Ubuntu do not: the others come from Debian itself.
RPI_REPO_PACKAGES=(python3-picamera2 python3-lgpio)
SERVICE_USER=mathstation
SERVICE_GROUPS=(gpio i2c video audio)
UNIT=mathstation.service
MODEL_FILE=/proc/device-tree/model

usage() {
    cat <<EOF
Usage: sudo firmware_config/install.sh [--dry-run] [--no-start] [--prefix DIR] [--force] [--broker]

Installs Math Card Station on this Raspberry Pi: apt packages, the boot config (I2C, camera),
the user 'mathstation', the program in /opt/mathstation/venv, the config in
/etc/mathstation/station.toml (only if there is none) and the service that starts it on boot.

  --dry-run     print what it would do and change nothing (no root needed)
  --no-start    install and enable the service, but do not start it now
  --prefix DIR  write the files under DIR instead of / (for tests); apt, the user and
                starting the service are left out
  --force       install on a machine that is not a Raspberry Pi
  --broker      also make this Pi the class's broker: install Mosquitto, and use the users and
                access that `mathstation broker setup --out /etc/mosquitto/mathstation` wrote
EOF
}

say() { printf '%s\n' "$*"; }
ok() { say "✓ $*"; }
todo() { say "→ $*"; }
note() { say "! $*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }
usage_error() { printf 'install.sh: %s (try --help)\n' "$*" >&2; exit 2; }

dry_run=0 force=0 start=1 prefix="" broker=0
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry_run=1 ;;
        --no-start) start=0 ;;
        --force) force=1 ;;
        --broker) broker=1 ;;
        --prefix)
            if [ $# -lt 2 ] || [ -z "$2" ]; then usage_error "--prefix needs a folder"; fi
            prefix="$2"; shift ;;
        --prefix=*) prefix="${1#--prefix=}"; [ -n "$prefix" ] || usage_error "--prefix needs a folder" ;;
        -h | --help) usage; exit 0 ;;
        *) usage_error "unknown option: $1" ;;
    esac
    shift
done
if [ -n "$prefix" ]; then
    case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
    prefix="${prefix%/}"
fi

# Run a command, or in a dry run only show it.
run() {
    if [ "$dry_run" -eq 1 ]; then
        printf '    would run:'; printf ' %q' "$@"; printf '\n'
    else
        "$@"
    fi
}

# Append lines to a file (created if missing), or in a dry run only say so.
append_lines() {
    local file="$1"; shift
    if [ "$dry_run" -eq 1 ]; then
        printf '    would add to %s:' "$file"; printf ' %s' "$@"; printf '\n'
    else
        printf '%s\n' "$@" >>"$file"
    fi
}

# --- may we run here? -------------------------------------------------------------------------
model="$( { tr -d '\0' <"$MODEL_FILE"; } 2>/dev/null || true)"
if [[ "$model" != *"Raspberry Pi"* ]]; then
    [ "$force" -eq 1 ] || die "this is not a Raspberry Pi (${model:-no $MODEL_FILE}): run the installer on the Pi, or add --force to install here anyway"
    note "not a Raspberry Pi (${model:-no $MODEL_FILE}): going on because of --force"
else
    ok "$model"
fi
if [ "$dry_run" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    die "needs root: run it as sudo $0 (or add --dry-run to see what it would do)"
fi
[ "$dry_run" -eq 1 ] && say "Dry run: showing what would be done; nothing is changed."
# shellcheck source=/dev/null
codename="$( { . /etc/os-release && printf '%s' "${VERSION_CODENAME:-}"; } 2>/dev/null || true)"
case "$codename" in
    bookworm | trixie) ;;
    *) note "made for Raspberry Pi OS Bookworm and Trixie; this is ${codename:-an unknown system}: going on" ;;
esac
python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null \
    || die "Python 3.10 or newer is needed as python3 (found: $(python3 --version 2>&1 || echo none))"

venv="$prefix/opt/mathstation/venv"
config="$prefix/etc/mathstation/station.toml"
unit_dir="$prefix/etc/systemd/system"
modules_conf="$prefix/etc/modules-load.d/mathstation.conf"
boot_config=""
for candidate in "$prefix/boot/firmware/config.txt" "$prefix/boot/config.txt"; do
    if [ -f "$candidate" ]; then boot_config="$candidate"; break; fi
done
reboot_needed=0 software_changed=0 unit_changed=0

[ "$broker" -eq 0 ] || APT_PACKAGES+=("${BROKER_PACKAGES[@]}")

# --- 1. apt packages --------------------------------------------------------------------------
# picamera2, OpenCV and lgpio come from apt (built for the Pi); the venv sees them. Flask, Flask-WTF
# and limits (the teacher's page, its forms' tokens, its count of wrong PINs) and Babel (the words in
# every language) too: Raspberry Pi OS packages them, so pip finds them there and installs nothing.
if [ -n "$prefix" ]; then
    note "apt packages (${APT_PACKAGES[*]}): left out with --prefix"
else
    missing=() present=()
    for package in "${APT_PACKAGES[@]}"; do
        if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
            present+=("$package")
        else
            missing+=("$package")
        fi
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        ok "apt packages present (${APT_PACKAGES[*]})"
    else
        todo "installing apt packages: ${missing[*]}${present[*]:+ (already there: ${present[*]})}"
        apt_log="$(mktemp)"
        if [ "$dry_run" -eq 1 ]; then
            run apt-get update
        else
            DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$apt_log" 2>&1 \
                || { tail -n 20 "$apt_log" >&2; rm -f "$apt_log"; die "apt-get update failed: is the network up?"; }
        fi
        # Which of them can apt install here at all? (Read whole: no `| grep -q` under pipefail.)
        installable=() from_rpi=() nowhere=()
        for package in "${missing[@]}"; do
            policy="$(apt-cache policy "$package" 2>/dev/null || true)"
            case "$policy" in
                *"Candidate: ("* | "") if [[ " ${RPI_REPO_PACKAGES[*]} " == *" $package "* ]]; then from_rpi+=("$package")
                                       else nowhere+=("$package"); fi ;;
                *) installable+=("$package") ;;
            esac
        done
        if [ "${#installable[@]}" -eq 0 ] && [ "${#nowhere[@]}" -gt 0 ] && [ "$dry_run" -eq 1 ]; then
            # apt knows none of them, not even Debian's own: its package lists are empty or old
            note "apt does not know ${missing[*]} yet (its package lists are empty or old): the install runs apt-get update first"
            installable=("${missing[@]}") from_rpi=() nowhere=()
        fi
        if [ "${#installable[@]}" -gt 0 ]; then
            if [ "$dry_run" -eq 1 ]; then
                run apt-get install -y --no-install-recommends "${installable[@]}"
            else
                DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${installable[@]}" \
                    >"$apt_log" 2>&1 || { tail -n 20 "$apt_log" >&2; rm -f "$apt_log"; die "apt-get could not install: ${installable[*]}"; }
            fi
        fi
        rm -f "$apt_log"
        if [ "${#from_rpi[@]}" -gt 0 ]; then
            done_word="were installed"; [ "$dry_run" -eq 0 ] || done_word="would be installed"
            note "${from_rpi[*]} come only from the Raspberry Pi repository (archive.raspberrypi.com), which this" \
                 "system's apt does not use, and picamera2 runs only on Raspberry Pi OS: put Raspberry Pi OS" \
                 "(Bookworm or Trixie) on the card and run the installer there${installable[*]:+ (the others $done_word)}"
        fi
        [ "${#nowhere[@]}" -eq 0 ] || note "not in this system's apt repositories: ${nowhere[*]} (is this Debian-based?)"
        if [ "${#from_rpi[@]}" -gt 0 ] || [ "${#nowhere[@]}" -gt 0 ]; then
            [ "$dry_run" -eq 1 ] || die "cannot install ${from_rpi[*]}${from_rpi[*]:+${nowhere[*]:+ }}${nowhere[*]} here: see above"
        fi
    fi
fi

# --- 2. boot config: I2C on, camera found -------------------------------------------------------
# The value a boot config gives KEY ("camera_auto_detect", or "dtparam:i2c_arm" for a dtparam),
# the last one winning as in the firmware; nothing when it is not set.
boot_value() {
    awk -v want="$1" '
        { sub(/#.*/, ""); gsub(/[ \t\r]/, "") }
        want ~ /^dtparam:/ && /^dtparam=/ {
            count = split(substr($0, 9), params, ",")
            for (i = 1; i <= count; i++) {
                name = params[i]; value = "on"
                if (index(name, "=")) { value = substr(name, index(name, "=") + 1); name = substr(name, 1, index(name, "=") - 1) }
                if (name == "i2c") name = "i2c_arm"
                if ("dtparam:" name == want) found = value
            }
            next
        }
        index($0, want "=") == 1 { found = substr($0, length(want) + 2) }
        END { if (found != "") print found }
    ' "$2"
}
same_value() {
    local a b
    a="$(printf '%s' "$1" | tr '[:upper:]' '[:lower:]')" b="$(printf '%s' "$2" | tr '[:upper:]' '[:lower:]')"
    case "$a" in true | yes | okay | enable | enabled) a=on ;; false | no | disable | disabled) a=off ;; esac
    case "$b" in true | yes | okay | enable | enabled) b=on ;; false | no | disable | disabled) b=off ;; esac
    [ "$a" = "$b" ]
}
if [ -z "$boot_config" ]; then
    note "no boot config at $prefix/boot/firmware/config.txt or $prefix/boot/config.txt: I2C and camera settings left out"
else
    to_add=() differ=0
    while IFS= read -r line || [ -n "$line" ]; do
        line="${line%%#*}"; line="${line//[[:space:]]/}"
        [ -n "$line" ] || continue
        case "$line" in
            dtparam=*) setting="${line#dtparam=}"; key="dtparam:${setting%%=*}"; want="${setting#*=}" ;;
            *) key="${line%%=*}"; want="${line#*=}" ;;
        esac
        have="$(boot_value "$key" "$boot_config")"
        if [ -z "$have" ]; then
            to_add+=("$line")
        elif ! same_value "$have" "$want"; then
            note "$boot_config sets ${key#dtparam:}=$have, the station expects $line: left as it is (change it there if that was not on purpose)"
            differ=1
        fi
    done <"$HERE/config.txt"
    if [ "${#to_add[@]}" -eq 0 ]; then
        [ "$differ" -eq 1 ] || ok "boot config has I2C and the camera on ($boot_config)"
    else
        backup="$boot_config.mathstation-$(date +%Y%m%d-%H%M%S).bak"
        todo "adding to $boot_config: ${to_add[*]} (backup: $backup)"
        run cp -p "$boot_config" "$backup"
        # [all]: the lines apply to every Pi model, whatever conditional section came last.
        append_lines "$boot_config" "" "# Math Card Station (added by firmware_config/install.sh)" "[all]" "${to_add[@]}"
        reboot_needed=1
    fi
fi

# --- 3. i2c-dev: the /dev/i2c-1 node the OLED is driven through -------------------------------
if grep -qsE '^[[:space:]]*i2c[-_]dev([[:space:]]|$)' "$prefix/etc/modules" "$prefix"/etc/modules-load.d/*.conf; then
    ok "i2c-dev loads at boot"
else
    todo "loading i2c-dev at boot ($modules_conf)"
    run mkdir -p "$(dirname "$modules_conf")"
    append_lines "$modules_conf" "# Math Card Station: /dev/i2c-* for the OLED" "i2c-dev"
    [ -n "$prefix" ] || run modprobe i2c-dev || note "could not load i2c-dev now; it loads at the next boot"
fi

# --- 4. the service's own user ----------------------------------------------------------------
if [ -n "$prefix" ]; then
    note "user $SERVICE_USER (groups ${SERVICE_GROUPS[*]}): left out with --prefix"
else
    for group in "${SERVICE_GROUPS[@]}"; do
        if ! getent group "$group" >/dev/null; then
            todo "creating group $group (Raspberry Pi OS gives it the $group devices)"
            run groupadd --system "$group"
        fi
    done
    if id -u "$SERVICE_USER" >/dev/null 2>&1; then
        absent=()
        for group in "${SERVICE_GROUPS[@]}"; do
            id -nG "$SERVICE_USER" | tr ' ' '\n' | grep -qx "$group" || absent+=("$group")
        done
        if [ "${#absent[@]}" -eq 0 ]; then
            ok "user $SERVICE_USER (groups ${SERVICE_GROUPS[*]})"
        else
            todo "adding user $SERVICE_USER to groups ${absent[*]}"
            run usermod -a -G "$(IFS=,; printf '%s' "${absent[*]}")" "$SERVICE_USER"
        fi
    else
        todo "creating system user $SERVICE_USER (no login, home /var/lib/mathstation, groups ${SERVICE_GROUPS[*]})"
        run useradd --system --user-group --home-dir /var/lib/mathstation --no-create-home \
            --shell /usr/sbin/nologin --comment "Math Card Station" \
            --groups "$(IFS=,; printf '%s' "${SERVICE_GROUPS[*]}")" "$SERVICE_USER"
    fi
fi

# --- 5. the program, in its own virtual environment ---------------------------------------------
# --system-site-packages: picamera2, OpenCV and lgpio from apt; pip adds the rest.
if [ -x "$venv/bin/python" ]; then
    ok "virtual environment $venv"
else
    todo "creating the virtual environment $venv"
    run mkdir -p "$(dirname "$venv")"
    run python3 -m venv --system-site-packages "$venv"
fi
# The translation catalogs, compiled into this clone before pip copies the package (Babel from apt:
# python3-babel); a .mo never lags its .po (station.i18n compiles a stale one in memory).
if [ -x "$venv/bin/python" ] && [ "$dry_run" -eq 0 ]; then
    "$venv/bin/python" "$ROOT/scripts/catalogs.py" compile >/dev/null \
        || die "the translation catalogs could not be compiled (python3 scripts/catalogs.py compile says why)"
fi
# Reinstall only when what pip would install has changed (the package's files, as in this clone).
source_sum="$(cd "$ROOT" && find pyproject.toml engine station -type f \
    ! -name '*.pyc' ! -path '*/__pycache__/*' -print0 | LC_ALL=C sort -z | xargs -0 cksum | cksum)"
stamp="$venv/.mathstation-installed"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$source_sum" ] && [ -x "$venv/bin/mathstation" ]; then
    ok "Math Card Station installed and unchanged"
else
    todo "installing Math Card Station from $ROOT into $venv"
    if [ "$dry_run" -eq 1 ]; then
        run "$venv/bin/python" -m pip install --upgrade "$ROOT"
    else
        pip_log="$venv/pip-install.log"
        "$venv/bin/python" -m pip install --disable-pip-version-check --no-input --upgrade "$ROOT" >"$pip_log" 2>&1 \
            || { tail -n 30 "$pip_log" >&2; die "pip install failed (full log: $pip_log)"; }
        # pip writes the files in its own order; the .mo compiled above are as new as their .po
        # (station.i18n reads a .mo only when it is not older than its .po)
        find "$venv" -path '*/locale/*/LC_MESSAGES/*.mo' -exec touch {} +
        printf '%s' "$source_sum" >"$stamp"
    fi
    software_changed=1
fi

# --- 6. the station config: the teacher's file, never overwritten --------------------------------
if [ -f "$config" ]; then
    ok "config kept: $config"
else
    [ -f "$HERE/station.toml" ] || die "$HERE/station.toml is missing from this clone: git pull (or git checkout firmware_config/station.toml)"
    todo "copying the default config to $config"
    run install -D -m 0644 "$HERE/station.toml" "$config"
fi
# The service keeps the teacher page's Settings and setup's Sound in the file: its folder is the
# service group's to write (a new file replaces the old one there), read by everyone.
config_dir="$(dirname "$config")"
if [ -n "$prefix" ]; then
    note "$config_dir writable by group $SERVICE_USER: left out with --prefix"
elif [ "$(stat -c '%G %a' "$config_dir" 2>/dev/null)" = "$SERVICE_USER 775" ]; then
    ok "$config_dir writable by the service"
else
    todo "letting the service write $config_dir (group $SERVICE_USER, mode 775)"
    run chgrp "$SERVICE_USER" "$config_dir"
    run chmod 0775 "$config_dir"
fi

# --- 7. the service -------------------------------------------------------------------------------
if cmp -s "$ROOT/systemd/$UNIT" "$unit_dir/$UNIT"; then
    ok "service unit up to date ($unit_dir/$UNIT)"
else
    todo "installing the service unit to $unit_dir/$UNIT"
    run install -D -m 0644 "$ROOT/systemd/$UNIT" "$unit_dir/$UNIT"
    unit_changed=1
fi
if ! command -v systemctl >/dev/null 2>&1; then
    [ "$dry_run" -eq 1 ] || die "systemctl not found: the station runs as a systemd service"
    note "systemctl not found: the station runs as a systemd service, so a real install stops here"
fi
if [ -n "$prefix" ]; then
    if [ -L "$unit_dir/multi-user.target.wants/$UNIT" ]; then
        ok "service enabled under $prefix"
    else
        todo "enabling the service under $prefix"
        run systemctl --quiet --root="$prefix" enable "$UNIT"
    fi
    note "not started: --prefix only writes files"
else
    [ "$unit_changed" -eq 0 ] || run systemctl daemon-reload
    start_now=0
    if [ "$start" -eq 0 ]; then
        note "not started (--no-start): sudo systemctl start mathstation"
    elif [ "$reboot_needed" -eq 1 ]; then
        note "not started now: the station starts by itself after the reboot"
    else
        start_now=1
    fi
    if systemctl is-enabled --quiet "$UNIT" 2>/dev/null; then
        ok "service enabled: starts on boot"
        enabled=1
    else
        todo "enabling the service so it starts on boot"
        enabled=0
    fi
    if [ "$start_now" -eq 0 ]; then
        [ "$enabled" -eq 1 ] || run systemctl enable "$UNIT"
    else
        if ! systemctl is-active --quiet "$UNIT" 2>/dev/null; then
            todo "starting the station"
            run systemctl reset-failed "$UNIT" 2>/dev/null || true  # forget earlier failed starts (start limit)
            if [ "$enabled" -eq 1 ]; then
                run systemctl start "$UNIT" || true  # the state is reported below
            else
                run systemctl enable --now "$UNIT" || true
            fi
        elif [ "$unit_changed" -eq 1 ] || [ "$software_changed" -eq 1 ]; then
            todo "restarting the station with the new version"
            [ "$enabled" -eq 1 ] || run systemctl enable "$UNIT"
            run systemctl restart "$UNIT" || true
        else
            ok "station running"
        fi
        if [ "$dry_run" -eq 0 ]; then
            state=unknown
            for _ in $(seq 20); do  # Type=notify: "active" only once the daemon has said READY=1
                state="$(systemctl is-active "$UNIT" 2>/dev/null || true)"
                [ "$state" = activating ] || break
                sleep 1
            done
            if [ "$state" = active ]; then
                ok "station running (systemctl status mathstation)"
            else
                note "the station is ${state:-not running}: see why with journalctl -u mathstation -n 30"
            fi
        fi
    fi
fi

# --- 8. the class's broker (--broker) ------------------------------------------------------------
if [ "$broker" -eq 1 ]; then
    broker_dir="$prefix$BROKER_DIR"
    broker_conf="$prefix/etc/mosquitto/conf.d/mathstation.conf"
    if [ ! -f "$broker_dir/mathstation.conf" ]; then
        todo "the class's broker: name the class and its stations, then run the installer with --broker again:"
        say "    sudo $venv/bin/mathstation broker setup --class room-12 --stations table-1,table-2 \\"
        say "         --out $BROKER_DIR --host $(hostname 2>/dev/null || echo this-pi).local"
    elif cmp -s "$broker_dir/mathstation.conf" "$broker_conf"; then
        ok "broker configured ($broker_conf)"
    else
        todo "configuring Mosquitto for the class: $broker_conf"
        run install -D -m 0644 "$broker_dir/mathstation.conf" "$broker_conf"
        if [ -z "$prefix" ]; then
            run chgrp -R mosquitto "$broker_dir"   # Mosquitto reads the passwords and the ACL, no one else
            run systemctl enable mosquitto
            run systemctl restart mosquitto
        fi
    fi
fi

say ""
say "Config:  ${config} (edit it, then: sudo systemctl restart mathstation)"
say "Logs:    journalctl -u mathstation -f"
if [ "$reboot_needed" -eq 1 ]; then
    note "reboot needed for I2C and the camera: sudo reboot"
fi
[ "$dry_run" -eq 0 ] || say "Dry run: nothing was changed."
