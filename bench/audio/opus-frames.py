"""Writes real Opus frames, as a Jamulus client of normal quality sends them, for the audio bench.

Uses the system libopus (its custom modes, as Jamulus does): 48 kHz mono, CBR, one frame per packet, a two-note chord
with a slow swell. Output: one file of concatenated frames, each exactly BYTES long.

usage: python3 opus-frames.py FRAME_SAMPLES BYTES COUNT OUT
"""

import ctypes
import ctypes.util
import math
import sys

OPUS_SET_BITRATE_REQUEST = 4002
OPUS_SET_VBR_REQUEST = 4006
OPUS_SET_COMPLEXITY_REQUEST = 4010


def main() -> None:
    frame, nbytes, count, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    lib = ctypes.CDLL(ctypes.util.find_library("opus") or "libopus.so.0")
    lib.opus_custom_mode_create.restype = ctypes.c_void_p
    lib.opus_custom_encoder_create.restype = ctypes.c_void_p
    err = ctypes.c_int(0)
    mode = lib.opus_custom_mode_create(48000, frame, ctypes.byref(err))
    if not mode or err.value != 0:
        raise SystemExit(f"opus_custom_mode_create failed: {err.value}")
    enc = lib.opus_custom_encoder_create(ctypes.c_void_p(mode), 1, ctypes.byref(err))
    if not enc or err.value != 0:
        raise SystemExit(f"opus_custom_encoder_create failed: {err.value}")
    lib.opus_custom_encoder_ctl(ctypes.c_void_p(enc), OPUS_SET_VBR_REQUEST, ctypes.c_int(0))
    lib.opus_custom_encoder_ctl(ctypes.c_void_p(enc), OPUS_SET_COMPLEXITY_REQUEST, ctypes.c_int(1))
    pcm = (ctypes.c_int16 * frame)()
    packet = (ctypes.c_ubyte * nbytes)()
    t = 0
    with open(out, "wb") as f:
        for _ in range(count):
            for i in range(frame):
                s = t / 48000
                swell = 0.35 + 0.25 * math.sin(2 * math.pi * 0.25 * s)
                v = swell * (0.6 * math.sin(2 * math.pi * 220 * s) + 0.4 * math.sin(2 * math.pi * 330 * s))
                pcm[i] = int(max(-1, min(1, v)) * 32767)
                t += 1
            n = lib.opus_custom_encode(ctypes.c_void_p(enc), pcm, frame, packet, nbytes)
            if n != nbytes:
                raise SystemExit(f"opus_custom_encode gave {n} bytes, not {nbytes}")
            f.write(bytes(packet))


if __name__ == "__main__":
    main()
