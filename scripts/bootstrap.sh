#!/usr/bin/env bash
# Make this checkout ready to run on a fresh Debian/Ubuntu machine or a laptop:
# system packages (only those missing), a project virtual environment in .venv, and the project
# installed into it. Safe to run again: each step is skipped when it is already done.
#   scripts/bootstrap.sh --check          only say which system packages are missing (exit 1 if any)
#   scripts/bootstrap.sh --without-tests  only what the station and its demo need: not the browser
#                                         (Chromium and its driver) nor the Python tools the tests use
#                                         (scripts/demo.sh; scripts/test.sh installs them all)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PYTHON="${PYTHON:-python3}"

say() { printf '[setup] %s\n' "$*" >&2; }
die() { printf '[setup] error: %s\n' "$*" >&2; exit 1; }

check_only=false
with_tests=true
for option in "$@"; do
    case "$option" in
        --check) check_only=true ;;
        --without-tests) with_tests=false ;;
        *) printf '[setup] error: unknown option %s (--check says what is missing; --without-tests leaves out what only the tests need)\n' "$option" >&2
           exit 2 ;;
    esac
done

# --- system packages -------------------------------------------------------------------------
missing=()
command -v "$PYTHON" >/dev/null 2>&1 || missing+=(python3)
if command -v "$PYTHON" >/dev/null 2>&1 && ! "$PYTHON" -c 'import venv, ensurepip' >/dev/null 2>&1; then
    missing+=(python3-venv)
fi
# pyzbar loads libzbar at run time; the wheel does not bundle it on Linux.
# The list is read whole before it is searched: with `ldconfig -p | grep -q` under pipefail, grep
# stops at its first match, ldconfig dies of SIGPIPE (141) and a library that is there reads as missing.
has_libzbar() {
    local libraries
    libraries="$(ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null || true)"
    case "$libraries" in *libzbar.so.0*) return 0 ;; *) return 1 ;; esac
}
if ! has_libzbar; then
    [ "$(uname -s)" = Darwin ] || missing+=(libzbar0)
fi
# The station's voice: espeak-ng renders the spoken lines, aplay (alsa-utils) plays them (docs/sound.md).
if [ "$(uname -s)" != Darwin ]; then
    command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
    command -v aplay >/dev/null 2>&1 || missing+=(alsa-utils)
fi
# Only the tests need these, and where apt cannot install them the set-up says so and goes on: the
# teacher's page is tested in a real browser, Debian's headless Chromium and its driver
# (tests/test_web_browser.py drives /usr/bin/chromium through /usr/bin/chromedriver).
for_tests=()
if "$with_tests" && [ "$(uname -s)" != Darwin ]; then
    command -v chromium >/dev/null 2>&1 || for_tests+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || for_tests+=(chromium-driver)
    # the classroom tests talk to a real broker (tests/broker.py starts its own on a free port)
    [ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null 2>&1 || for_tests+=(mosquitto)
    # the catalogs' check also asks GNU msgfmt (tests/test_catalogs.py): nothing untranslated, nothing fuzzy
    [ -x /usr/bin/msgfmt ] || command -v msgfmt >/dev/null 2>&1 || for_tests+=(gettext)
fi
if "$check_only"; then
    all=(${missing[@]+"${missing[@]}"} ${for_tests[@]+"${for_tests[@]}"})  # (bash 3.2: an empty array is "unbound")
    if [ "${#all[@]}" -gt 0 ]; then printf 'missing: %s\n' "${all[*]}"; exit 1; fi
    printf 'nothing missing\n'
    exit 0
fi
# as_root and apt_install (sourced after --check, which installs nothing)
# shellcheck source=scripts/apt-packages.sh
source "$ROOT/scripts/apt-packages.sh"
if [ "${#missing[@]}" -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
        say "installing system packages: ${missing[*]}"
        apt_install "${missing[@]}" || die "apt-get could not install: ${missing[*]}"
    else
        die "missing system packages (${missing[*]}) and no apt-get here: install them with your package manager"
    fi
fi
if [ "${#for_tests[@]}" -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
        say "installing what only the tests need (a browser, a broker): ${for_tests[*]}"
        apt_install "${for_tests[@]}" \
            || say "note: apt-get could not install ${for_tests[*]}: the browser or classroom tests cannot run here (the station does not need them)"
    else
        say "note: no apt-get here: install Chromium, chromedriver and Mosquitto for the browser and classroom tests"
    fi
fi
if [ "$(uname -s)" = Darwin ] && ! [ -e /opt/homebrew/lib/libzbar.dylib ] && ! [ -e /usr/local/lib/libzbar.dylib ]; then
    say "note: install zbar for card decoding (brew install zbar)"
fi

"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
    || die "Python 3.10 or newer is needed (found $("$PYTHON" --version 2>&1))"

# --- virtual environment ---------------------------------------------------------------------
# Where the system already has OpenCV (Raspberry Pi OS: python3-opencv), use it through
# --system-site-packages and do not pip-install another OpenCV over it.
if "$PYTHON" -c 'import cv2' >/dev/null 2>&1; then
    venv_flags=(--system-site-packages); station_extras=""
else
    venv_flags=(); station_extras="laptop"
fi
with_test_extra="${station_extras:+$station_extras,}test"
if "$with_tests"; then extras="$with_test_extra"; else extras="$station_extras"; fi
if ! [ -x "$VENV/bin/python" ]; then
    say "creating virtual environment in .venv"
    "$PYTHON" -m venv "${venv_flags[@]}" "$VENV"
fi

# --- the project -----------------------------------------------------------------------------
# Reinstall only when what pip would install has changed.
# A .venv installed with the tests' tools already has everything --without-tests wants.
stamp="$VENV/.mathstation-installed"
installed_sum() { printf '%s' "$(cat "$ROOT/pyproject.toml"; echo "extras=$1")" | cksum; }
want_sum="$(installed_sum "$extras")"
have_sum="$(cat "$stamp" 2>/dev/null || true)"
if [ "$have_sum" != "$want_sum" ] && { "$with_tests" || [ "$have_sum" != "$(installed_sum "$with_test_extra")" ]; } \
   || ! [ -x "$VENV/bin/mathstation" ]; then
    say "installing Math Card Station and its dependencies into .venv (extras: ${extras:-none})"
    log="$VENV/pip-install.log"
    { "$VENV/bin/python" -m pip install --disable-pip-version-check --upgrade pip \
      && "$VENV/bin/python" -m pip install --disable-pip-version-check -e "${ROOT}${extras:+[$extras]}"; } >"$log" 2>&1 \
        || { tail -n 30 "$log" >&2; die "pip install failed (full log: $log)"; }
    printf '%s' "$want_sum" > "$stamp"
fi

# --- the translation catalogs ----------------------------------------------------------------
# Compiled here, not committed: each .po becomes its .mo (a few hundred milliseconds). The station
# never reads a .mo older than its .po (station.i18n compiles that one in memory), so a catalog
# edited after this still shows its new words.
"$VENV/bin/python" "$ROOT/scripts/catalogs.py" compile >/dev/null \
    || die "the translation catalogs could not be compiled (scripts/catalogs.py compile says why)"
