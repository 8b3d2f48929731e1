"""Bad input: exit status 2 and exactly one clear line on stderr, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from manasolve.cli import main
from tests.support import boards


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, data, name="board.json") -> str:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(p)


one_board = boards.board


def assert_one_line_error(code, err, *needles):
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for n in needles:
        assert n in lines[0], lines[0]


def test_missing_file(capsys, tmp_path):
    path = str(tmp_path / "nope.json")
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, path, "no such file")


def test_invalid_json(capsys, tmp_path):
    path = write(tmp_path, '{"players": [ }')
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, path, "invalid JSON", "line 1")


def test_unknown_card_suggests_nearest(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "f", "card": "Forrest"}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, "players[0].battlefield[0].card", "unknown card 'Forrest'", "Forest")


def test_negative_energy(capsys, tmp_path):
    path = write(tmp_path, one_board(energy=-1))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, "players[0].energy", "must be 0 or more")


def test_negative_counter(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "b", "card": "Caustic Bronco", "counters": {"+1/+1": -1}}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, "players[0].battlefield[0].counters.+1/+1", "0 or more")


def test_id_used_twice(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "x", "card": "Forest"}, {"id": "x", "card": "Island"}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, "players[0].battlefield[1].id", "'x' used twice")


def test_attached_to_unknown_id(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "bronco", "card": "Caustic Bronco"},
                                     {"id": "aura", "card": "Forest", "attached_to": "bronc"}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, "players[0].battlefield[1].attached_to", "'bronc'", "bronco")


@pytest.mark.parametrize("cost", ["{2}{G", "{Q/W}", "2G", "{G}{W/W}", ""])
def test_unparseable_cost(capsys, tmp_path, cost):
    path = write(tmp_path, one_board({"id": "f", "card": "Forest"}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", cost)
    assert_one_line_error(code, err, "--cost")


def test_unknown_field_suggests_valid_one(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "f", "card": "Forest", "taped": True}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, "players[0].battlefield[0].taped", "tapped")


def test_unknown_step(capsys, tmp_path):
    data = one_board({"id": "f", "card": "Forest"})
    data["step"] = "main1"
    code, _, err = run_cli(capsys, "pay", write(tmp_path, data), "--cost", "{1}")
    assert_one_line_error(code, err, "step", "unknown step")


def test_wrong_type_names_path(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "f", "card": "Forest", "tapped": "yes please"}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, "players[0].battlefield[0].tapped")


def test_unknown_player(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "f", "card": "Forest"}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}", "--player", "alcie")
    assert_one_line_error(code, err, "unknown player", "alice")


def test_negative_x(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "f", "card": "Forest"}))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{X}{G}", "--x", "-1")
    assert_one_line_error(code, err, "--x")


def test_bad_option_is_exit_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["pay"])
    assert exc.value.code == 2


def test_console_script_end_to_end(tmp_path):
    path = write(tmp_path, one_board({"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"}))
    done = subprocess.run([sys.executable, "-m", "manasolve", "pay", path, "--cost", "{G}{U}", "--count", "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["payable"] is True and answer["count"] == 1
    bad = subprocess.run([sys.executable, "-m", "manasolve", "pay", path + ".missing", "--cost", "{1}"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_floating_mana_must_have_a_type(capsys, tmp_path):
    path = write(tmp_path, one_board({"id": "f", "card": "Forest"}, mana_pool="{2}{G}"))
    code, _, err = run_cli(capsys, "pay", path, "--cost", "{1}")
    assert_one_line_error(code, err, "players[0].mana_pool", "{2}")


def test_a_reader_that_closes_the_pipe_early_gets_no_traceback():
    """`manasolve ... --json | head`: the writer stops quietly (status 128 + SIGPIPE)."""
    from manasolve.cli import PIPE_CLOSED
    from manasolve.cli.example import example_board_path

    proc = subprocess.Popen([sys.executable, "-m", "manasolve", "pay", str(example_board_path()), "--cost",
                             "{2}{G}{W/U}", "--all", "--limit", "100000", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.read(20).startswith(b"{")
    proc.stdout.close()  # the answer is ~120 KB: more than a pipe holds, so the writer meets the closed pipe
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == PIPE_CLOSED
    assert err == ""
