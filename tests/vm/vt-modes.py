#!/usr/bin/env python3
"""vt-modes.py /dev/ttyN: prints a VT's modes as one line, e.g. `kd=text kb=unicode vt=auto`
(KDGETMODE, KDGKBMODE, VT_GETMODE), so a VM scenario can compare them before the panel ran
and after it exited. Run as root in the guest (the ioctls on a VT other than our own need
CAP_SYS_TTY_CONFIG only for setting; reading needs the VT open)."""
import fcntl
import os
import struct
import sys

KDGETMODE, KDGKBMODE, VT_GETMODE = 0x4B3B, 0x4B44, 0x5601
KD = {0: "text", 1: "graphics"}
KB = {0: "raw", 1: "xlate", 2: "mediumraw", 3: "unicode", 4: "off"}
VT = {0: "auto", 1: "process", 2: "ackacq"}


def main():
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
    out = []
    for name, req, names in (("kd", KDGETMODE, KD), ("kb", KDGKBMODE, KB)):
        buf = fcntl.ioctl(fd, req, struct.pack("i", 0))
        v = struct.unpack("i", buf)[0]
        out.append(f"{name}={names.get(v, v)}")
    # struct vt_mode { char mode, waitv; short relsig, acqsig, frsig; }
    mode = struct.unpack("bbhhh", fcntl.ioctl(fd, VT_GETMODE, bytes(8)))[0]
    out.append(f"vt={VT.get(mode, mode)}")
    print(" ".join(out))


if __name__ == "__main__":
    main()
