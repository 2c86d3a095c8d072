#!/usr/bin/env python3
"""Prints the R,G,B of PNG pixels given as X,Y arguments (the decoder is support.read_png)."""
import sys
from support import read_png, pixel

if __name__ == '__main__':
    w, h, bpp, rows = read_png(sys.argv[1])
    for arg in sys.argv[2:]:
        x, y = map(int, arg.split(','))
        print(','.join(str(v) for v in pixel(rows, bpp, x, y)))
