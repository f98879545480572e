"""The round trip of one stt_nki call on a warm session: a [128, 512] fp32 scalar_tensor_tensor, median of 500.

    PYTHONPATH=python python3 bench/nki_roundtrip.py
"""
import time

import numpy as np

from stt_nki import isa as nisa, language as nl

a = np.random.default_rng(0).standard_normal((128, 512), dtype=np.float32)
b = a * 2
for _ in range(300):  # warm: the JVM's JIT, the session's process
    nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=2.5, op1=nl.add, operand1=b)
t = []
for _ in range(500):
    s = time.perf_counter()
    nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=2.5, op1=nl.add, operand1=b)
    t.append(time.perf_counter() - s)
t = np.array(t) * 1e3
print("stt_nki scalar_tensor_tensor [128x512] fp32 round trip: median %.3f ms, p90 %.3f ms"
      % (np.median(t), np.percentile(t, 90)))
