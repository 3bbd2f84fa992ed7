"""The virtual Pico answers like a Pico's USB serial: real pyserial and real mpremote, unchanged,
against the firmware under MicroPython's unix port (host/lenotre/vpico.py)."""
import os
import signal
import stat
import subprocess
import sys
import time

import pytest
import serial

from lenotre.device.toolchain import tool
import vpico_client
from vpico_client import VirtualPico, VirtualPicoError

RAW = b"raw REPL; CTRL-B to exit\r\n>"
FRIENDLY = b">>> "


def read_until(port, ending, timeout=10.0):
    data = b""
    end = time.monotonic() + timeout
    while not data.endswith(ending):
        if time.monotonic() > end:
            raise AssertionError("no %r from the virtual Pico; it said %r" % (ending, data))
        data += port.read(1)
    return data


def read_quiet(port, quiet=0.3):
    # everything until the port has been silent for `quiet` s
    data = b""
    port.timeout = quiet
    while True:
        got = port.read(4096)
        if not got:
            return data
        data += got


def open_serial(pico):
    return serial.Serial(pico.port, 115200, timeout=0.1, exclusive=True)


def raw_repl(s):
    s.write(b"\r\x03")  # Ctrl-C: interrupt whatever runs
    time.sleep(0.1)
    s.reset_input_buffer()
    s.write(b"\r\x01")  # Ctrl-A: raw REPL
    read_until(s, RAW)


def raw_exec(s, code):
    s.write(code.encode() + b"\x04")  # Ctrl-D: run it
    out = read_until(s, b"\x04>")
    assert out.startswith(b"OK"), out
    stdout, stderr = out[2:-2].split(b"\x04")
    return stdout, stderr


def mpremote(pico, *args, timeout=30):
    out = subprocess.run([tool("mpremote"), "connect", pico.port] + list(args),
                         capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr + out.stdout
    return out.stdout


def put(pico, name, text):
    with open(os.path.join(pico.flash, name), "w") as f:
        f.write(text)


# ---- the port ------------------------------------------------------------------------------
def test_sim_serial_prints_a_pts_port_and_stops_on_ctrl_c(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "lenotre.cli", "sim", "--serial", "--flash",
                             str(tmp_path / "flash")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        port = proc.stdout.readline().strip()
        assert port.startswith("/dev/pts/"), port
        born = os.stat(port)
        assert stat.S_ISCHR(born.st_mode)
        with serial.Serial(port, 115200, timeout=0.1) as s:
            raw_repl(s)
            assert raw_exec(s, "print(6 * 7)") == (b"42\n", b"")
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0  # at once; the bound is for a busy machine
    assert "virtual Pico on %s" % port in proc.stderr.read()
    # The pty went with the process. Another test running alongside (pytest -n 2) may open a
    # pty at once and be given the same number: that one is a new node, born after ours.
    if os.path.exists(port):
        assert os.stat(port).st_ctime_ns != born.st_ctime_ns, "the virtual Pico's pty outlived it"


def test_sim_serial_goes_alone(capsys):
    from lenotre.cli import main
    assert main(["sim", "--serial", "--micropython"]) == 2
    assert "--serial goes alone" in capsys.readouterr().err


def test_raw_repl_entry_exec_errors_and_exit(vpico):
    with open_serial(vpico) as s:
        raw_repl(s)
        assert raw_exec(s, "x = 20\nprint(x + 1)") == (b"21\n", b"")
        out, err = raw_exec(s, "1 / 0")
        assert out == b"" and b"ZeroDivisionError" in err
        s.write(b"\x02")  # Ctrl-B: back to the friendly REPL
        assert b'Type "help()"' in read_until(s, FRIENDLY)
        s.write(b"print(x * 2)\r")
        assert b"40" in read_until(s, FRIENDLY)


def test_raw_paste_mode_is_offered(vpico):
    # mpremote's fast path: Ctrl-E A Ctrl-A in the raw REPL -> R\x01 and a window size
    with open_serial(vpico) as s:
        raw_repl(s)
        s.write(b"\x05A\x01")
        assert read_until(s, b"\x01")[:2] == b"R\x01"


def test_soft_reset_in_the_raw_repl_says_soft_reboot_and_stays_raw(vpico):
    put(vpico, "main.py", "open('boots.txt', 'a').write('boot\\n')\n")
    with open_serial(vpico) as s:
        raw_repl(s)
        raw_exec(s, "y = 5")
        s.write(b"\x04")  # Ctrl-D on an empty raw line: soft reset
        assert read_until(s, RAW) == b"OK\r\nMPY: soft reboot\r\n" + RAW
        out, err = raw_exec(s, "print(y)")
        assert b"NameError" in err  # a fresh interpreter
        # as on a Pico, main.py does not run after a soft reset in the raw REPL
        assert raw_exec(s, "print(open('boots.txt').read().count('boot'))")[0] == b"1\n"


def test_soft_reset_from_the_friendly_repl_runs_main_again(vpico):
    main = "print('main runs', len(open('/main.py').read()))\n"
    put(vpico, "main.py", main)
    with open_serial(vpico) as s:
        raw_repl(s)
        s.write(b"\x02")  # Ctrl-B
        read_until(s, FRIENDLY)
        s.write(b"\x04")  # Ctrl-D on an empty friendly line: soft reset, main.py runs
        out = read_until(s, FRIENDLY)
        assert b"MPY: soft reboot\r\nmain runs %d\n" % len(main) in out, out


def test_ctrl_c_interrupts_a_running_program_and_the_device_survives_a_burst(vpico):
    put(vpico, "main.py", "import time\nprint('looping')\nwhile True:\n    time.sleep_ms(10)\n")
    with open_serial(vpico) as s:
        raw_repl(s)
        s.write(b"\x02")
        read_until(s, FRIENDLY)
        s.write(b"\x04")
        read_until(s, b"looping\n")
        s.write(b"\x03")  # Ctrl-C: KeyboardInterrupt in main.py
        assert b"KeyboardInterrupt" in read_until(s, FRIENDLY)
        # Ctrl-C twice in a row (pyboard.py's habit) kills a bare unix port now and then;
        # the virtual Pico takes them as a Pico does, every time.
        for i in range(40):  # the second one across the unix port's unguarded moments
            s.write(b"while True: pass\r\r")
            time.sleep(0.05)
            s.write(b"\x03")
            time.sleep(i * 0.00015)
            s.write(b"\x03")
            s.write(b"print('done', %d)\r" % i)
            out = read_until(s, b"done %d\n>>> " % i)
            assert b"KeyboardInterrupt" in out and b"soft reboot" not in out, out
            assert b"MicroPython" not in out, out  # no banner: it did not restart
        s.write(b"print('still', 1 + 1)\r")
        assert b"still 2" in read_until(s, FRIENDLY)


def test_output_is_dropped_while_no_one_has_the_port_open(tmp_path):
    # As a Pico's USB serial: what the device prints while no host has the port open is lost,
    # not kept for the next one to open it.
    (tmp_path / "flash").mkdir()
    (tmp_path / "flash" / "main.py").write_text("print('boot output')\n")
    with VirtualPico(tmp_path / "flash") as pico:
        time.sleep(1.0)  # it boots, runs main.py, prints, sits at the REPL: no one listens
        with open_serial(pico) as s:
            assert read_quiet(s, 0.3) == b""
            s.write(b"\x04")  # Ctrl-D: soft reset, and this time someone hears main.py
            assert b"soft reboot\r\nboot output\n" in read_until(s, FRIENDLY)


def test_a_second_client_is_refused_while_one_has_the_port(vpico):
    with open_serial(vpico):
        with pytest.raises(serial.SerialException):
            serial.Serial(vpico.port, 115200, exclusive=True)


# ---- real mpremote ---------------------------------------------------------------------------
def test_mpremote_fs_commands_work_on_the_flash_folder(vpico, tmp_path):
    src = tmp_path / "hello.py"
    src.write_text("print('hello from the flash')\n")
    # a blank flash: nothing but the virtual Pico's RTC (firmware/wallclock.py's Kept; the
    # unix port has no machine.RTC), which its power-on writes
    listing = mpremote(vpico, "fs", "ls").split()
    assert listing[:2] == ["ls", ":"] and [w for w in listing[2:] if not w.isdigit()] == [
        "vpico-rtc.txt"], listing
    mpremote(vpico, "fs", "cp", str(src), ":hello.py", "+", "fs", "mkdir", ":lib", "+",
             "fs", "cp", str(src), ":/lib/greet.py")
    assert (open(os.path.join(vpico.flash, "lib", "greet.py")).read()
            == src.read_text())
    out = mpremote(vpico, "fs", "ls", "+", "fs", "cat", ":hello.py", "+", "fs", "tree")
    assert "hello.py" in out and "lib/" in out and "print('hello from the flash')" in out
    assert "└── greet.py" in out
    out = mpremote(vpico, "fs", "sha256sum", ":/hello.py")
    import hashlib
    assert hashlib.sha256(src.read_bytes()).hexdigest() in out
    back = tmp_path / "back.py"
    mpremote(vpico, "fs", "cp", ":lib/greet.py", str(back), "+", "fs", "rm", ":hello.py")
    assert back.read_text() == src.read_text()
    assert not os.path.exists(os.path.join(vpico.flash, "hello.py"))


def test_mpremote_exec_eval_run_resume_soft_reset(vpico, tmp_path):
    assert mpremote(vpico, "exec", "print(3 * 3)") == "9\n"
    assert mpremote(vpico, "eval", "2 ** 10") == "1024\n"
    script = tmp_path / "s.py"
    script.write_text("import sys\nprint(sys.platform, sys.path)\n")
    assert mpremote(vpico, "run", str(script)) == "linux ['', '.frozen', '/lib']\n"
    # `resume` skips mpremote's soft reset: what the last command left is still there
    mpremote(vpico, "exec", "kept = 7")
    assert mpremote(vpico, "resume", "exec", "print(kept)") == "7\n"
    out = subprocess.run([tool("mpremote"), "connect", vpico.port, "soft-reset", "resume",
                          "exec", "print(kept)"], capture_output=True, text=True, timeout=30)
    assert "NameError" in out.stdout + out.stderr


def test_slash_is_the_flash_folder_not_the_host_root(vpico):
    put(vpico, "marker.txt", "x")
    out = mpremote(vpico, "exec", "import os\nprint(os.getcwd(), sorted(os.listdir('/')))\n"
                                  "try:\n open('/../../../etc/hostname')\n print('escaped')\n"
                                  "except OSError:\n print('inside')")
    assert out == "/ ['marker.txt', 'vpico-rtc.txt']\ninside\n"  # and its RTC (above)


# ---- the app and its control panel -----------------------------------------------------------
def test_the_app_runs_its_buttons_press_and_ctrl_c_stops_it(flashed_vpico):
    pico = flashed_vpico
    assert "New game" in pico.text()
    pico.press("ok")
    assert "How many players" in pico.text()
    pico.press("back")
    assert "LE NOTRE" in pico.text()
    with open_serial(pico) as s:
        s.write(b"\r\x03")  # Ctrl-C: the app stops at the friendly REPL
        assert b"KeyboardInterrupt" in read_until(s, FRIENDLY)
        with pytest.raises(VirtualPicoError, match="does not answer"):
            pico.request("screen", timeout=0.5)
        s.write(b"\x04")  # Ctrl-D: soft reset, main.py starts the app again
        read_until(s, b"soft reboot\r\n")
    pico.wait_for("LE NOTRE")


def test_ctrl_c_while_the_app_boots_never_hangs_the_box(flashed_vpico):
    # A sync restarts the app, and the next one interrupts it while it may still be importing
    # (docs/HOST.md, "Ctrl-C"): the unix port's own SIGINT then left MicroPython's string-table
    # lock held, and the next new name hung it (13 of 200 syncs in a row). Each round: soft
    # reset into the app, Ctrl-C after a different delay across its boot, the raw REPL, code
    # that makes a new name; it must run every time, with no watchdog restart in between.
    with open_serial(flashed_vpico) as s:
        for i in range(30):
            s.write(b"\r\x03")
            read_until(s, FRIENDLY)
            s.write(b"\x04")  # Ctrl-D: soft reset, main.py boots the app
            read_until(s, b"soft reboot\r\n")
            time.sleep(i * 0.004)  # 0 to 120 ms: the app's imports, its first screen
            s.write(b"\r\x03\x03")  # Ctrl-C, as lenotre sync and mpremote send it
            s.write(b"\r\x01")  # Ctrl-A: the raw REPL
            read_until(s, RAW)
            code = "fresh_name_%d = %d\nprint(fresh_name_%d * 2)" % (i, i, i)
            stdout, stderr = raw_exec(s, code)
            assert (stdout, stderr) == (b"%d\n" % (2 * i), b""), (i, stdout, stderr)
            s.write(b"\x02")  # Ctrl-B: back to the friendly REPL
            read_until(s, FRIENDLY)
            assert b"soft reboot" not in read_quiet(s, 0.05)


def test_a_virtual_pico_stops_when_its_parent_goes(tmp_path):
    code = ("import sys\nsys.path.insert(0, %r)\nfrom vpico_client import VirtualPico\n"
            "p = VirtualPico(%r).start()\nprint(p.proc.pid, flush=True)\n"
            "import os\nos._exit(0)\n" % (os.path.dirname(vpico_client.__file__),
                                           str(tmp_path / "flash")))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=30)
    pid = int(out.stdout.split()[0])
    end = time.monotonic() + 5
    while True:
        try:
            with open("/proc/%d/stat" % pid) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            break  # gone
        if state == "Z":
            break  # gone, not yet reaped
        assert time.monotonic() < end, "the relay outlived its parent"
        time.sleep(0.05)


def test_press_names_a_wrong_button(vpico):
    with pytest.raises(VirtualPicoError, match="unknown button"):
        vpico.press("jump")
