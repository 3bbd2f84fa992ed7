# The CRC-32 of a file's first bytes: what packsum.py and ackssum.py check their summaries
# against at boot. Loaded only where a summary is read or written.
import binascii


def crc_of(path, n):
    # -> the CRC-32 of the file's first n bytes, None if it has fewer (binascii's, in C)
    crc = 0
    buf = bytearray(1024)
    try:
        with open(path, "rb") as f:
            while n:
                k = f.readinto(buf)
                if not k:
                    return None
                crc = binascii.crc32(memoryview(buf)[:min(k, n)], crc)
                n -= min(k, n)
    except OSError:
        return None
    return crc
