"""The names FAMILY-NEXT §0.5 (`nki_names`) adds, doing what NKI 2.32's stub docstrings say: nl.NKIObject as a kernel's
config, nl.shared_constant, nl.program_ndim, nki.dtype, NkiTensor's views (reshape(shape=...), permute, ...),
nl.load_transpose2d's cast; and a name the model does not run raising NotImplementedError when called, not before."""
import dataclasses

import numpy as np
import pytest

import stt_nki
from stt_nki import compat, isa as nisa, language as nl

ml_dtypes = pytest.importorskip("ml_dtypes")
F32 = np.float32


def _to_hbm(t):
    out = nl.ndarray(t.shape, dtype=t.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=t)
    return out


def test_an_nkiobject_subclass_is_a_kernel_config():
    @dataclasses.dataclass
    class Scale(nl.NKIObject):
        factor: float = 2.0
        offset: float = 1.0

    def kernel(a, cfg):
        t = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=a)
        u = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=u, data=t, op0=nl.multiply, operand0=cfg.factor, op1=nl.add, operand1=cfg.offset)
        return _to_hbm(u)
    a = np.arange(32, dtype=F32).reshape(4, 8)
    out = stt_nki.simulate(kernel)(a, Scale(factor=0.5, offset=3.0))
    np.testing.assert_array_equal(out, np.arange(32).reshape(4, 8) / 2 + 3)  # exact in fp32
    plain = nl.NKIObject(tile=128, dtype="bf16")  # the base class takes its fields as keywords
    assert (plain.tile, plain.dtype) == (128, "bf16")


def test_shared_constant_is_a_shared_hbm_tensor_of_the_constant(tmp_path):
    table = np.array([[1, -2, 3], [40000, 5, -6]], dtype=np.int32)
    np.save(tmp_path / "table.npy", table)

    def kernel(a):
        from_array = nl.shared_constant(table)
        from_file = nl.shared_constant(str(tmp_path / "table.npy"))
        assert from_array.buffer is nl.shared_hbm and from_file.buffer is nl.shared_hbm
        t = nl.ndarray(table.shape, dtype=nl.int32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=from_file)
        nisa.tensor_tensor(dst=t, data1=t, data2=a, op=nl.add)
        return from_array, _to_hbm(t)
    a = np.full((2, 3), 10, np.int32)
    kept, summed = stt_nki.simulate(kernel)(a)
    assert kept.dtype == np.int32
    np.testing.assert_array_equal(kept, table)
    np.testing.assert_array_equal(summed, [[11, 8, 13], [40010, 15, 4]])


def test_shared_constant_takes_beta1s_dtype_and_converts_the_constant_to_it():
    # Beta 1's `nl.shared_constant(constant, dtype=None)` (nki-samples' allocated kernels: np.identity(128, np.int8)
    # as bf16); the expected values: the identity matrix, and 1/3 rounded to bf16 by ml_dtypes (0x3eab)
    def kernel():
        eye = nl.shared_constant(np.identity(4, dtype=np.int8), dtype=nl.bfloat16)
        third = nl.shared_constant(np.full((1, 2), 1 / 3, np.float32), dtype=nl.bfloat16)
        return eye, third
    eye, third = stt_nki.simulate(kernel)()
    assert eye.dtype == ml_dtypes.bfloat16 and third.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(eye.astype(F32), np.eye(4))
    np.testing.assert_array_equal(third.view(np.uint16), [[0x3eab, 0x3eab]])
    with pytest.raises(TypeError, match="shared_constant: dtype: 'int64' is not a dtype the model has"):
        nl.shared_constant(np.zeros(2, np.int8), dtype="int64")


def test_finfo_gives_each_float_dtypes_limits():
    # Beta 1's `nl.finfo(dtype)` (nki-samples' vision.py fills with `nl.finfo(kernel_dtype).min`); the limits by hand
    # from each format's exponent and mantissa widths: the largest finite value is (2 - 2^-m) * 2^emax (fp8_e4m3,
    # IEEE-like, gives up its top exponent: 1.875 * 2^7), eps is 2^-m
    assert nl.finfo(nl.float32).min == -(2 - 2.0 ** -23) * 2.0 ** 127
    assert nl.finfo(nl.bfloat16).max == (2 - 2.0 ** -7) * 2.0 ** 127 and nl.finfo(nl.bfloat16).eps == 2.0 ** -7
    assert nl.finfo(nl.float16).max == 65504 and nl.finfo(nl.float8_e5m2).max == 1.75 * 2.0 ** 15
    assert nl.finfo("fp8_e4m3").max == 240 and nl.finfo(nl.float8_e4m3).bits == 8
    with pytest.raises(TypeError, match="finfo: dtype dtype\\('int8'\\) is int8, not a float; allowed: .*bf16"):
        nl.finfo(nl.int8)


@pytest.mark.parametrize("grid,ndim", [((), 0), ((4,), 1), ((2, 3), 2)])
def test_program_ndim_is_the_launch_grids_rank(grid, ndim):
    seen = []

    def kernel(a):
        seen.append((nl.program_ndim(), nl.num_programs(axes=0)))
        return a
    jitted = stt_nki.jit(kernel)
    stt_nki.simulate(jitted[grid] if grid else jitted)(np.zeros((1, 1), F32))
    assert seen == [(ndim, grid[0] if grid else 1)] * int(np.prod(grid))
    assert nl.program_ndim() == 0  # outside a kernel


def test_reshape_by_keyword_and_the_other_views_share_storage():
    def kernel(a):
        t = nl.ndarray((4, 24), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=a)
        split = t.reshape(shape=(4, 2, 12))
        assert split.shape == (4, 2, 12) and np.shares_memory(split, t)
        assert t.reshape_dim(1, (4, -1)).shape == (4, 4, 6)  # the stub's example: 6 inferred
        assert t.reshape_dim(1, (4, 6)).flatten_dims(1, 2).shape == (4, 24)
        assert split.permute((0, 2, 1)).shape == (4, 12, 2)
        assert t.slice(1, 8, 24, 1).shape == (4, 16) and t.slice(1, 0, 24, 2).shape == (4, 12)
        assert t.expand_dim(1).shape == (4, 1, 24) and t.expand_dim(1).squeeze_dim(1).shape == (4, 24)
        assert t.expand_dim(1).broadcast(1, 3).shape == (4, 3, 24)
        assert t.view(nl.uint8).shape == (4, 96)  # float32 as uint8: the last dim times 4
        assert t.slice(1, 2, 24, 1).offset == 2 and t.slice(1, 2, 24, 1).get_pattern()[1] == [1, 22]
        with pytest.raises(ValueError, match="partition dim"):
            t.permute((1, 0))
        out = nl.ndarray((4, 24), dtype=nl.float32, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out.reshape(shape=(4, 2, 12)), src=split.permute((0, 2, 1)).permute((0, 2, 1)))
        return out, _to_hbm(t.select(1, 5).expand_dim(1))
    a = np.arange(96, dtype=F32).reshape(4, 24)
    out, column = stt_nki.simulate(kernel)(a)
    np.testing.assert_array_equal(out, a)
    np.testing.assert_array_equal(column, a[:, 5:6])


def test_load_transpose2d_casts_to_dtype():
    def kernel(a):
        kept = nl.load_transpose2d(a)
        cast = nl.load_transpose2d(src=a, dtype=nl.bfloat16)
        return _to_hbm(kept), _to_hbm(cast)
    a = (np.arange(24, dtype=F32).reshape(4, 6) * F32(1.0078125) + F32(1 / 3)).astype(F32)
    kept, cast = stt_nki.simulate(kernel)(a)
    np.testing.assert_array_equal(kept, a.T)
    assert cast.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(cast.view(np.uint16), a.T.astype(ml_dtypes.bfloat16).view(np.uint16))  # RNE


def test_abs_max_and_abs_min_are_the_isas_ops():
    x = np.array([[-3.0, 2.0, -0.5, 7.0]], F32)
    y = np.array([[1.0, -4.0, 0.25, -7.5]], F32)
    with stt_nki.Session(gen="mariana"):  # ABS_MAX / ABS_MIN are NC-v4 ops
        np.testing.assert_array_equal(nl.abs_max(x, y), [[3.0, 4.0, 0.5, 7.5]])  # max(|x|, |y|), by hand
        np.testing.assert_array_equal(nl.abs_min(x, y), [[1.0, 2.0, 0.25, 7.0]])
        out = np.empty_like(x)
        nisa.tensor_tensor(dst=out, data1=x, data2=y, op=nl.abs_max)
        np.testing.assert_array_equal(out, [[3.0, 4.0, 0.5, 7.5]])


def test_nki_dtype_is_there_for_signatures():
    nki = stt_nki.install_as_nki()
    try:
        def kernel(a, dtype: nki.dtype = nl.float32):
            return nl.load(a, dtype=dtype)
        assert isinstance(nl.float32, nki.dtype)
        np.testing.assert_array_equal(kernel(np.ones((2, 2), F32)), np.ones((2, 2), F32))
    finally:
        compat.uninstall_nki()


@pytest.mark.parametrize("call,name", [
    (lambda: nl.softmax(np.ones((2, 2), F32), axis=1), "nki.language.softmax"),
    (lambda: nisa.core_barrier(np.ones((2, 2), F32), (0, 1)), "nki.isa.core_barrier"),
    (lambda: nisa.topk(val_dst=None, idx_dst=None, src=None, n=8), "nki.isa.topk"),
    (lambda: nisa.rand_get_state(np.ones((2, 2), F32)), "nki.isa.rand_get_state"),
    (lambda: nisa.dropout(None, None, 0.5), "nki.isa.dropout"),
    (lambda: nl.tile_size.psum_min_align, "nl.tile_size.psum_min_align"),
    (lambda: nisa.dropout(data=np.ones((2, 2), F32), prob=0.5), "nki.isa.dropout"),  # Beta 1's form
])
def test_a_name_not_modelled_raises_naming_itself_only_when_called(call, name):
    with pytest.raises(NotImplementedError, match=name.replace(".", r"\.")):
        call()


def test_get_nc_version_follows_the_sessions_generation():
    assert nisa.get_nc_version() in (nisa.nc_version.gen2, nisa.nc_version.gen3, nisa.nc_version.gen4)
    with stt_nki.Session(gen="trn2"):
        assert nisa.get_nc_version() is nisa.nc_version.gen3
    with stt_nki.Session(gen="trn1"):
        assert nisa.get_nc_version() is nisa.nc_version.gen2
    with stt_nki.Session(gen="trn3"):
        assert nisa.get_nc_version() is nisa.nc_version.gen4


def test_registers_hold_their_values_on_the_host_and_drive_the_dynamic_loops():
    """NKI's VirtualRegister, fori_loop and register_* pages (registers_host): a register loaded from a [1, 1] tile
    bounds a loop, fori_loop's body gets i as a register when a bound is one, and Python's int() on one is refused."""
    bound = np.array([[3]], np.int32)
    r = nisa.register_alloc()
    nisa.register_load(r, bound)
    assert list(nl.dynamic_range(0, r, 1)) == [0, 1, 2] and list(nl.dynamic_range(r)) == [0, 1, 2]
    seen = []
    nl.fori_loop(1, r, lambda i: seen.append(i.register_value))
    nl.fori_loop(0, 4, seen.append, step=2)
    assert seen == [1, 2, 0, 2]
    counter = nisa.register_alloc(2)
    steps = []

    def count_down(reg):
        steps.append(reg.register_value)
        nisa.register_move(reg, reg.register_value - 1)
    nl.while_loop(counter, count_down)
    assert steps == [2, 1]
    out = np.zeros((1, 1), np.int32)
    nisa.register_store(out, r)
    assert out[0, 0] == 3
    with pytest.raises(TypeError, match="known only while the kernel runs"):
        range(r)
    with pytest.raises(TypeError, match="allowed: a VirtualRegister"):
        nisa.register_load(3, bound)
