"""An NKI tutorial kernel run unmodified on the model: the average-pool kernel of aws-neuron-sdk's NKI tutorials
(python/tests/kernels/aws-neuron-sdk@81ce03ae/nki/examples, MIT-0), its answer checked against the tutorial's own
NumPy reference, its report (calls per engine and per fidelity level, estimated device time) and its profile (open
avgpool_trace.json in ui.perfetto.dev).

    PYTHONPATH=python python3 python/examples/kernel_report.py
"""
import os
import runpy

import numpy as np

import stt_nki

stt_nki.install_as_nki()  # `import nki` in the kernel file is now the model
here = os.path.dirname(os.path.abspath(__file__))
tutorial = runpy.run_path(os.path.join(here, "..", "tests", "kernels", "aws-neuron-sdk@81ce03ae", "nki", "examples",
                                       "average_pool2d", "average_pool2d_nki_kernels.py"))

x = np.arange(2 * 6 * 6, dtype=np.float16).reshape(2, 6, 6)
out = stt_nki.simulate(tutorial["tensor_avgpool_kernel"], profile="avgpool_trace.json")(x, 2)
print("matches the tutorial's NumPy reference:", bool((out == tutorial["np_average_pool_2D"](x, 2)).all()))
report = stt_nki.last_report()
for key in ("calls", "by_engine", "by_level", "words", "cycles", "ns", "not_estimated", "decisions"):
    print(f"{key:14} {report[key]}")
print("profile       avgpool_trace.json (ui.perfetto.dev)")
