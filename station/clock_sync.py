"""Is the system clock set from the network? A Raspberry Pi has no clock battery: until it reaches
a time server after boot, its date can be days or years wrong. The journal records the answer
with every game's start and end, so history can say "date unknown" rather than show a wrong date.

Four ways to ask, each of which may be unavailable; the clock is set when any of them says so:

1. the kernel (``adjtimex``, read only): its maximum error stays under 16 s while an NTP client
   (systemd-timesyncd, chrony, ntpd) keeps the clock disciplined, and passes it when nobody has
   (the test systemd's ``timedatectl`` itself makes, so a clock synchronised by chrony counts);
2. ``timedatectl show -p NTPSynchronized --value`` (the service's seccomp filter may refuse
   ``adjtimex`` itself: systemd's ``ProtectClock=``);
3. ``/run/systemd/timesync/synchronized``, which systemd-timesyncd creates once it has synced;
4. a virtual machine (the CPU's ``hypervisor`` flag, or ``/sys/hypervisor``): its clock is its
   host's (a laptop's, a server's), which keeps it set, while its own kernel was never
   disciplined and so says "not synchronised".

A "no" from one source is not the last word (a virtual machine's kernel says no, its host knows
better): ``True`` when any source says yes, ``False`` when none does and one says no, ``None``
when none could tell. ``clock_synchronised`` is what the journal calls; tests give the journal a
function of their own instead.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import subprocess
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("station.clock")

#: The kernel's maximum error (microseconds) past which it calls the clock unsynchronised (STA_UNSYNC).
MAX_ERROR_US = 16_000_000
TIMESYNCD_FLAG = Path("/run/systemd/timesync/synchronized")
CPUINFO = Path("/proc/cpuinfo")
HYPERVISOR_TYPE = Path("/sys/hypervisor/type")

ClockSource = Callable[[], "bool | None"]


class _Timex(ctypes.Structure):
    """The start of Linux's ``struct timex`` (the rest is padding we never read)."""

    _fields_ = [("modes", ctypes.c_uint), ("offset", ctypes.c_long), ("freq", ctypes.c_long),
                ("maxerror", ctypes.c_long), ("esterror", ctypes.c_long), ("status", ctypes.c_int),
                ("_rest", ctypes.c_char * 512)]


def from_kernel() -> bool | None:
    """The kernel's view (``adjtimex`` with no modes set: it reads, never changes)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        adjtimex = libc.adjtimex
    except (OSError, AttributeError):  # not Linux
        return None
    timex = _Timex()
    if adjtimex(ctypes.byref(timex)) < 0:  # EPERM under a seccomp filter
        return None
    return bool(timex.maxerror < MAX_ERROR_US)


def from_timedatectl() -> bool | None:
    """systemd's answer (``NTPSynchronized``), if timedatectl is there and answers."""
    try:
        done = subprocess.run(["timedatectl", "show", "-p", "NTPSynchronized", "--value"], capture_output=True,
                              text=True, timeout=3, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    answer = done.stdout.strip()
    return {"yes": True, "no": False}.get(answer) if done.returncode == 0 else None


def from_timesyncd(flag: Path = TIMESYNCD_FLAG) -> bool | None:
    """True once systemd-timesyncd has synced since boot; None otherwise (another client may have)."""
    return True if flag.exists() else None


def from_host_machine(cpuinfo: Path = CPUINFO, hypervisor: Path = HYPERVISOR_TYPE) -> bool | None:
    """True in a virtual machine (the host sets its clock); None otherwise (a Pi, a laptop: the
    other sources say)."""
    try:
        if hypervisor.is_file() and hypervisor.read_text().strip():
            return True
        flags = [line.split(":", 1)[1].split() for line in cpuinfo.read_text().splitlines()
                 if line.startswith("flags") and ":" in line]
    except OSError:
        return None
    return True if any("hypervisor" in line for line in flags) else None


SOURCES: tuple[ClockSource, ...] = (from_kernel, from_timedatectl, from_timesyncd, from_host_machine)


def clock_synchronised(sources: tuple[ClockSource, ...] = SOURCES) -> bool | None:
    """True: a source saw the clock set from the network; False: none did and one saw it unset;
    None: nothing could tell."""
    said_no = False
    for source in sources:
        try:
            answer = source()
        except Exception as exc:  # noqa: BLE001 - a broken source must never stop a game from starting
            log.debug("clock source %s failed: %s", getattr(source, "__name__", source), exc)
            continue
        if answer:
            return True
        said_no = said_no or answer is False
    return False if said_no else None
