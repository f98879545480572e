"""The running-correction step of flash attention's online softmax on the model, checked against NumPy.

    PYTHONPATH=python python3 python/examples/online_softmax.py
"""
import numpy as np

import stt_nki
from stt_nki import isa as nisa, language as nl

rng = np.random.default_rng(0)
acc = rng.standard_normal((128, 64), dtype=np.float32)   # running output o, [queries on partitions, head dim]
pv = rng.standard_normal((128, 64), dtype=np.float32)    # this key block's P @ V
m_old = rng.standard_normal((128, 1), dtype=np.float32)
m_new = np.maximum(m_old, rng.standard_normal((128, 1), dtype=np.float32))
corr = np.exp(m_old - m_new).astype(np.float32)          # on the device: the Scalar Engine's exp

with stt_nki.Session(gen="cayman") as s:
    want = (acc * corr).astype(np.float32) + pv
    nisa.scalar_tensor_tensor(dst=acc, data=acc, op0=nl.multiply, operand0=corr, op1=nl.add, operand1=pv)
    print("o = o * corr + pv on", s.gen, "bit-exact vs NumPy:", np.array_equal(acc.view(np.uint32),
                                                                            want.view(np.uint32)))
    print("instruction word:", s.last_words[0].hex())
    print("estimated cost:", s.last_cost)
