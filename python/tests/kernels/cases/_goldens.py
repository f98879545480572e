"""Goldens that more than one repository's cases re-express in NumPy (from the kernels' own torch/scipy tests)."""
import numpy as np


def softmax(x, axis=-1):
    """scipy.special.softmax / torch.softmax: exp(x - max) / sum(exp(x - max)) along `axis`."""
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def mamba_inputs(rng):
    """mamba_torch.py's inputs (ones; A = -1) at batch 1, seq_len 512, channels 256, state_size 16."""
    f32 = np.float32
    return dict(delta=np.ones((1, 256, 512), f32), u=np.ones((1, 256, 512), f32), A=-np.ones((256, 16), f32),
                B=np.ones((1, 16, 512), f32), C=np.ones((1, 16, 512), f32))


def mamba_golden(delta, u, A, B, C):
    """mamba_torch.py's mamba_layer: exp(delta A), then the associative scan out[i] = deltaA[i] * out[i-1] +
    deltaB_u[i], then the sum over the state, C-weighted."""
    delta_a = np.exp(delta[:, :, None, :] * A[None, :, :, None])
    delta_b_u = delta[:, :, None, :] * B[:, None, :, :] * u[:, :, None, :]
    scan = np.empty_like(delta_a)
    for i in range(delta_a.shape[-1]):
        scan[..., i] = delta_a[..., i] * (scan[..., i - 1] if i > 0 else 0) + delta_b_u[..., i]
    return (C[:, None, :, :] * scan).sum(axis=-2)


def transpose_inputs(rng):
    """The transpose2d tutorial's test inputs (in both aws-neuron-sdk and nki-samples): a [5, 12] int8 arange, read as
    5 tiles of [3, 4]."""
    return dict(in_tensor=np.arange(5 * 3 * 4, dtype=np.int8).reshape(5, 12), shape2D=(3, 4))


def transpose_golden(in_tensor, shape2D):
    """Each [x, y] tile of a row transposed in place (the tutorial's own NumPy check)."""
    x, y = shape2D
    return np.transpose(in_tensor.reshape(-1, x, y), (0, 2, 1)).reshape(in_tensor.shape)
