"""Download what the emulated Pico runs, for a user's machine (`make pico-firmware`):

- the official MicroPython 1.26.1 UF2 for the Raspberry Pi Pico, from micropython.org;
- the official CircuitPython 10.2.1 UF2 for it, from circuitpython.org's downloads (the
  CircuitPython edition's tests);
- the RP2040 B1 boot ROM, as the rp2040js repository's demo carries it (a TypeScript array of
  32-bit words, pinned to one commit), written out as the raw 16 KiB little-endian image.

Each is checked against the sha256 of the copies this project is tested with, then put in
~/.cache/lenotre/pico (or $XDG_CACHE_HOME/lenotre/pico), where lenotre.device.epico looks."""
import hashlib
import os
import re
import struct
import sys
import urllib.request

UF2 = ("RPI_PICO-20250911-v1.26.1.uf2",
       "https://micropython.org/resources/firmware/RPI_PICO-20250911-v1.26.1.uf2",
       "fc2a8096e0d999d3caca11b34381854599d68aee3e905d3cccbd5247ca78d07c")
CP_UF2 = ("adafruit-circuitpython-raspberry_pi_pico-en_US-10.2.1.uf2",
          "https://downloads.circuitpython.org/bin/raspberry_pi_pico/en_US/"
          "adafruit-circuitpython-raspberry_pi_pico-en_US-10.2.1.uf2",
          "4568ecbf69a4623ec5bfcbf9efc983e9d264c7b0d4ab56f14fe336543c708318")
BOOTROM = ("rp2040-bootrom-b1.bin",
           "https://raw.githubusercontent.com/wokwi/rp2040js/"
           "8f032378586948687ed54e2309931aa3d543ba79/demo/bootrom.ts",
           "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae")


def words_to_image(ts_source):
    # "new Uint32Array([0x20041f00, ...])" -> the ROM's bytes
    body = ts_source.split("Uint32Array([", 1)[1].split("])", 1)[0]
    words = [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]+", body)]
    return struct.pack("<%dI" % len(words), *words)


def fetch(url):
    with urllib.request.urlopen(url, timeout=60) as r:
        return r.read()


def main():
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    out = os.path.join(cache, "lenotre", "pico")
    os.makedirs(out, exist_ok=True)
    for (name, url, sha), convert in ((UF2, None), (CP_UF2, None), (BOOTROM, words_to_image)):
        path = os.path.join(out, name)
        if os.path.isfile(path) and hashlib.sha256(open(path, "rb").read()).hexdigest() == sha:
            print("%s: already there" % path)
            continue
        data = fetch(url)
        if convert:
            data = convert(data.decode())
        got = hashlib.sha256(data).hexdigest()
        if got != sha:
            print("%s from %s has sha256 %s, not %s: not kept" % (name, url, got, sha),
                  file=sys.stderr)
            return 1
        with open(path + ".part", "wb") as f:
            f.write(data)
        os.replace(path + ".part", path)
        print("%s: %d bytes, sha256 checked" % (path, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
