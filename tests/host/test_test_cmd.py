"""`lenotre test`: the shared rules tests on CPython, MicroPython and a (virtual) Pico."""
from lenotre.cli import main


def test_on_cpython_and_micropython(capfd):
    assert main(["test"]) == 0
    assert " passed" in capfd.readouterr().out
    assert main(["test", "--micropython"]) == 0
    out = capfd.readouterr().out
    assert "6 files" in out and ", 0 failed" in out


def test_on_a_flashed_pico_through_mpremote(flashed_vpico, capfd):
    assert main(["test", "--port", flashed_vpico.port]) == 0
    out = capfd.readouterr().out
    assert "shared rules tests on micropython: 6 files" in out
    assert "52 passed, 0 failed" in out


def test_a_port_with_no_pico_is_a_clear_error(tmp_path, capfd):
    assert main(["test", "--port", str(tmp_path / "ttyNOPE")]) == 2
    assert "did not run the tests" in capfd.readouterr().err
