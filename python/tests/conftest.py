import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

# the public kernels are run by test_public_kernels.py in a process of their own (they import nki / neuronxcc)
collect_ignore = ["kernels"]
