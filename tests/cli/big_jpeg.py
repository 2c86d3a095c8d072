#!/usr/bin/env python3
"""A worst-case picture for the image widget without an encoder: a baseline 4096x4096 4:2:0
JPEG of noise, just under the 4 MiB payload limit, written in a second by pure Python.

Its Huffman tables are made for it: DC has one symbol (difference 0, code '0'); AC has two,
(run 0, size 1) as '00' and EOB as '01'. Every 8x8 block is then '0', 27 coefficients of
'00' plus a random sign bit, and '01': 84 bits; an MCU (four Y blocks, Cb, Cr) is 504 bits, 63
whole bytes, so MCUs are drawn from a few random variants and joined. No run of eight 1 bits
can occur, so no 0xFF needs stuffing. libjpeg decodes about 4.1 MB of entropy data, as much
as a real 4096x4096 photo of that size (its cost is in the Huffman decoding).
Usage: big_jpeg.py OUT.jpg [SEED]"""
import random, struct, sys

SIDE = 4096
COEFFICIENTS = 27   # 18 (k + 1) bits per MCU is a whole number of bytes for k = 3, 7, ... 27


def segment(marker, body):
    return struct.pack(">BBH", 0xFF, marker, len(body) + 2) + body


def huffman(table_class, table_id, lengths, symbols):
    counts = bytes(lengths.get(n, 0) for n in range(1, 17))
    return segment(0xC4, bytes([table_class << 4 | table_id]) + counts + bytes(symbols))


def mcu_bytes(rng):
    bits = []
    for _ in range(6):
        bits.append("0")                                     # DC: difference 0
        for _ in range(COEFFICIENTS):
            bits.append("00" + rng.choice("01"))             # (0, 1) and its one bit
        bits.append("01")                                    # EOB
    s = "".join(bits)
    assert len(s) % 8 == 0 and "11111111" not in s
    return bytes(int(s[i:i + 8], 2) for i in range(0, len(s), 8))


def write(path, seed=1):
    rng = random.Random(seed)
    variants = [mcu_bytes(rng) for _ in range(64)]
    mcus = (SIDE // 16) * (SIDE // 16)
    scan = b"".join(variants[rng.randrange(64)] for _ in range(mcus))
    out = b"\xff\xd8"
    out += segment(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0")
    out += segment(0xDB, b"\0" + bytes([4] * 64))            # one table, all steps 4
    out += segment(0xC0, struct.pack(">BHHB", 8, SIDE, SIDE, 3) + bytes([1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0]))
    out += huffman(0, 0, {1: 1}, [0x00])
    out += huffman(1, 0, {2: 2}, [0x01, 0x00])
    out += segment(0xDA, bytes([3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]))
    out += scan + b"\xff\xd9"
    with open(path, "wb") as f:
        f.write(out)
    return len(out)


if __name__ == "__main__":
    n = write(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(f"{sys.argv[1]}: {SIDE}x{SIDE}, {n} bytes")
