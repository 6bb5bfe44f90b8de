"""``mathstation cards`` as a teacher would use it: helpful output, and bad input that leaves
nothing half-written behind."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PIL import Image

from engine.catalog import load_catalog
from station.cli import main
from station.vision.decode import make_decoder


def files_in(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def test_list_shows_id_payload_and_face(capsys):
    assert main(["cards", "list", "math-wars", "--copies", "B"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 140
    assert lines[36].split() == ["MW-B-N37", "MCS1-MW-B-N37", "COUNT", "META", "37"]
    assert lines[-1].split() == ["MW-B-D10", "MCS1-MW-B-D10", "MATH", "CRATE", "÷10"]


def test_list_json_covers_every_copy_and_named_decks(capsys):
    assert main(["cards", "list", "math-wars", "--json"]) == 0
    cards = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(cards) == 8 * 140 and len({c["payload"] for c in cards}) == len(cards)
    assert cards[0] == {"id": "MW-A-N1", "payload": "MCS1-MW-A-N1", "game": "math-wars", "copy": "A",
                        "code": "N1", "kind": "count-meta", "face": "COUNT META 1"}
    assert main(["cards", "list", "math-wars", "--copies", "a", "--deck", "count25"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 25


def test_print_reports_what_it_wrote_and_shows_progress(tmp_path, capsys):
    out = tmp_path / "crates.pdf"
    assert main(["cards", "print", "math-wars", "--copies", "C", "--deck", "crate1", "--paper", "letter", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert f"Wrote {out.resolve()}: 40 cards on 10 letter pages" in captured.out
    assert captured.err.splitlines()[-1] == "Printing 40 cards: page 10/10"
    assert out.read_bytes().startswith(b"%PDF") and files_in(tmp_path) == ["crates.pdf"]


def test_print_for_a_table_of_three_gives_each_player_their_own_decks_and_nothing_more(tmp_path, capsys):
    out = tmp_path / "table.pdf"
    assert main(["cards", "print", "math-wars", "--players", "3", "--out", str(out)]) == 0
    assert "195 cards on 48 a4 pages" in capsys.readouterr().out  # 3 x (25 COUNT META + 40 MATH CRATE)
    groups = load_catalog().game("math-wars").for_players(3)
    assert [sorted({c.copy for c in g}) for g in groups] == [["A"], ["B"], ["C"]]
    assert all(sorted(c.face.code for c in g) == sorted([f"N{n}" for n in range(1, 26)] + [
        f"{op}{n}" for op in "ASMD" for n in range(1, 11)]) for g in groups)
    assert main(["cards", "print", "math-wars", "--players", "2", "--deck", "count25", "--out", str(out)]) == 2
    assert "leave out --copies and --deck" in capsys.readouterr().err


def test_render_writes_the_card_as_printed(tmp_path, capsys):
    out = tmp_path / "n37.png"
    assert main(["cards", "render", "mcs1-mw-a-n37", "--dpi", "200", "--out", str(out)]) == 0
    assert "MW-A-N37 (COUNT META 37)" in capsys.readouterr().out
    image = Image.open(out)
    assert round(image.info["dpi"][0]) == 200
    assert [r.text for r in make_decoder().decode(image)] == ["MCS1-MW-A-N37"] * 2


@pytest.mark.parametrize(
    "argv, message",
    [
        (["cards", "print", "chess"], "unknown game 'chess': games with cards are math-wars, math-rush, sum, whos-"),
        (["cards", "print", "math-wars", "--copies", "A,Q"], "has deck copies A–H, not 'Q'"),
        (["cards", "print", "math-wars", "--deck", "count50"], "no deck 'count50'; decks: count25, count100, crate1"),
        (["cards", "print", "math-wars", "--paper", "60x80mm"], "cannot fit a card: a card is 63 x 88 mm"),
        (["cards", "print", "math-wars", "--paper", "b4"], "paper 'b4' is not known"),
        (["cards", "render", "MW-A-N101"], "card 'MW-A-N101': Math Wars Meta has no card 'N101'"),
        (["cards", "render", "MCS1-ZZ-A-N1"], "game code 'ZZ' is not a game this station knows"),
        (["cards", "render", "MW-A-N1", "--dpi", "9000"], "--dpi 9000 is out of range"),
    ],
)
def test_bad_input_is_one_clear_line_exit_2_and_no_file(tmp_path, capsys, argv, message):
    out = tmp_path / "out.file"
    assert main([*argv, "--out", str(out)] if argv[1] != "list" else argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert files_in(tmp_path) == []


@pytest.mark.parametrize(
    "where, message",
    [
        ("missing/deck.pdf", "folder {tmp}/missing does not exist"),
        ("afile/deck.pdf", "{tmp}/afile is a file, not a folder"),
        ("", "is a folder; give a file name"),
    ],
)
def test_an_unwritable_output_path_is_refused_before_any_work(tmp_path, capsys, where, message):
    (tmp_path / "afile").write_text("keep me")
    assert main(["cards", "print", "math-wars", "--out", str(tmp_path / where)]) == 2
    assert message.format(tmp=tmp_path) in capsys.readouterr().err
    assert files_in(tmp_path) == ["afile"] and (tmp_path / "afile").read_text() == "keep me"


def test_a_failure_while_writing_keeps_the_old_file_and_leaves_no_part_file(tmp_path, monkeypatch, capsys):
    out = tmp_path / "deck.pdf"
    out.write_bytes(b"the teacher's earlier print")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("station.printables.sheets._footer", broken)
    assert main(["cards", "print", "math-wars", "--copies", "A", "--out", str(out)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert out.read_bytes() == b"the teacher's earlier print" and files_in(tmp_path) == ["deck.pdf"]


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc, a folder nobody may create files in")
def test_a_folder_that_refuses_files_is_named(capsys):
    assert main(["cards", "render", "MW-A-N1", "--out", "/proc/card.png"]) == 2
    assert "/proc/card.png: cannot create a file in /proc" in capsys.readouterr().err


def test_mat_print_says_what_it_made_and_refuses_bad_seats(tmp_path, capsys):
    out = tmp_path / "mat.pdf"
    assert main(["mat", "print", "math-wars", "--players", "4", "--paper", "letter", "--out", str(out)]) == 0
    assert "Math Wars Meta mat for 4 players, 292 x 342 mm on 4 letter pages" in capsys.readouterr().out
    assert main(["mat", "print", "math-wars", "--players", "9", "--out", str(tmp_path / "nine.pdf")]) == 2
    assert "mathstation: the Math Wars Meta mat is for 2–8 players, not 9" in capsys.readouterr().err
    assert files_in(tmp_path) == ["mat.pdf"]


def test_mat_print_without_opencv_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_cv2(name, *args, **kwargs):
        if name == "cv2" or name.startswith("cv2."):
            raise ImportError("No module named 'cv2'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_cv2)
    from station.printed import markers

    for cached in (getattr(markers, name) for name in dir(markers)):
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()
    assert main(["mat", "print", "math-wars", "--out", str(tmp_path / "mat.pdf")]) == 2
    err = capsys.readouterr().err
    assert "OpenCV" in err and "apt install python3-opencv" in err and err.count("\n") == 1
    assert files_in(tmp_path) == []


def _copies_read(pdf: Path) -> set[str]:
    """The deck copies whose codes the station's own decoder reads on the printed pages."""
    from station.printables.raster import rasterise

    decoder = make_decoder()
    catalog = load_catalog()
    return {catalog.from_payload(read.text).copy for page in rasterise(pdf, 100) for read in decoder.decode(page)}


def test_a_big_bang_race_of_two_prints_a_set_for_each_racer(tmp_path, capsys):
    out = tmp_path / "race.pdf"
    assert main(["cards", "print", "big-bang", "--players", "2", "--no-backs", "--no-rules", "--out", str(out)]) == 0
    assert "70 cards" in capsys.readouterr().out  # two sets of 35 triangles
    assert _copies_read(out) == {"A", "B"}


@pytest.mark.parametrize("game", ["math-wars", "math-rush", "sum", "whos-counting", "big-bang"])
def test_players_outside_what_a_game_serves_are_refused_in_one_line_and_print_nothing(tmp_path, capsys, game):
    from station.games import plugin

    seats = plugin(game).settings()["players"].check  # what the station's setup screen offers
    offered = [n for n in range(0, 12) if seats(n) is None]
    least, most = offered[0], offered[-1]
    for served in (least, most):
        assert main(["cards", "print", game, "--players", str(served), "--no-rules", "--out", str(tmp_path / "ok.pdf")]) == 0
    capsys.readouterr()
    for refused in (least - 1, most + 1):
        assert main(["cards", "print", game, "--players", str(refused), "--out", str(tmp_path / "no.pdf")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"for {least}–{most} players" in err and f"not {refused}" in err, err
    assert not (tmp_path / "no.pdf").exists()


def test_mat_print_help_names_every_game_of_the_registry(capsys, monkeypatch):
    from engine.games import GAMES

    monkeypatch.setenv("COLUMNS", "200")  # argparse wraps at hyphens: "big-" / "bang"
    with pytest.raises(SystemExit):
        main(["mat", "print", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert all(name in help_text for name in GAMES), help_text
