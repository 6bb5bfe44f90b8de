"""Is the station's clock set from the network? What history's dates rest on: a game started on a
clock that nothing set says "date unknown"; one on a clock that is set must show its real date
(a Pi with a time server, a laptop, a virtual machine whose host keeps its clock)."""

from __future__ import annotations

from pathlib import Path

from station.clock_sync import clock_synchronised, from_host_machine


def test_a_clock_any_source_saw_set_from_the_network_is_set() -> None:
    # the kernel was never disciplined here (a virtual machine), but another source knows better
    assert clock_synchronised((lambda: False, lambda: None, lambda: True)) is True
    assert clock_synchronised((lambda: None, lambda: True, lambda: False)) is True


def test_a_clock_no_source_saw_set_is_not_and_one_nothing_could_tell_about_is_unknown() -> None:
    assert clock_synchronised((lambda: None, lambda: False, lambda: None)) is False
    assert clock_synchronised((lambda: None, lambda: None)) is None


def test_a_broken_source_is_passed_over() -> None:
    def broken() -> bool | None:
        raise OSError("no such device")

    assert clock_synchronised((broken, lambda: True)) is True


def test_a_virtual_machine_s_clock_is_its_host_s(tmp_path: Path) -> None:
    cpuinfo, xen = tmp_path / "cpuinfo", tmp_path / "type"
    cpuinfo.write_text("processor\t: 0\nflags\t\t: fpu vme de pse tsc msr hypervisor lahf_lm\n")
    assert from_host_machine(cpuinfo, xen) is True
    cpuinfo.write_text("processor\t: 0\nmodel name\t: ARMv7 Processor rev 3 (v7l)\nFeatures\t: half thumb fastmult\n")
    assert from_host_machine(cpuinfo, xen) is None                  # a Raspberry Pi: its own clock
    xen.write_text("xen\n")
    assert from_host_machine(cpuinfo, xen) is True
    assert from_host_machine(tmp_path / "missing", tmp_path / "missing too") is None
