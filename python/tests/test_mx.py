"""NC-v4's microscaling calls (nisa.quantize_mx, nisa.nc_matmul_mx) and the packed _x4 dtypes, on tiny MX blocks
worked by hand from the nc_matmul_mx and quantize_mx pages (a group: 8 partitions x 4 elements; an E8M0 scale s is
2^(s - 127); quantize_mx's scale "two times larger" than OCP's E - emax) and the fp8_e5m2 / fp4_e2m1 encodings."""
import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

E5M2 = {1.0: 0x3C, 2.0: 0x40, 3.0: 0x42, 0.5: 0x38, 4.0: 0x44}
E2M1 = {1.0: 0x2, 6.0: 0x7, 0.5: 0x1, -2.0: 0xC}


def _fp8_x4(k, cols):
    """A [k, cols] float8_e5m2_x4 tile of zeros, and its bytes [k, cols, 4] to set element by element."""
    codes = np.zeros((k, cols, 4), np.uint8)
    return codes, lambda: codes.reshape(k, -1).view(np.uint32).view(nl.float8_e5m2_x4)


def test_nc_matmul_mx_scales_each_group_in_its_quadrant():
    st, st_tile = _fp8_x4(128, 1)
    mv, mv_tile = _fp8_x4(128, 1)
    st_scale = np.zeros((128, 1), np.uint8)
    mv_scale = np.zeros((128, 1), np.uint8)
    # partition 0 (group 0, scale partition 0): (1*3 + 2*0.5) * 2^1 * 2^-2 = 2
    st[0, 0, :2] = E5M2[1.0], E5M2[2.0]
    mv[0, 0, :2] = E5M2[3.0], E5M2[0.5]
    st_scale[0], mv_scale[0] = 128, 125
    # partition 8 (group 1 of quadrant 0, scale partition 1): 1 * 1 * 2^3 = 8
    st[8, 0, 0], mv[8, 0, 0] = E5M2[1.0], E5M2[1.0]
    st_scale[1], mv_scale[1] = 130, 127
    # partition 40 (group 1 of quadrant 1, scale partition 33), element 3 of the pair: 0.5 * 4 * 2^1 = 4
    st[40, 0, 3], mv[40, 0, 3] = E5M2[0.5], E5M2[4.0]
    st_scale[33], mv_scale[33] = 127, 128
    dst = np.zeros((1, 1), np.float32)
    with stt_nki.Session(gen="trn3"):
        nisa.nc_matmul_mx(dst, st_tile(), mv_tile(), st_scale, mv_scale)
    assert dst[0, 0] == 14.0


def test_nc_matmul_mx_reads_float4_nibbles_low_first():
    st = np.zeros((32, 1), np.uint16)
    mv = np.zeros((32, 1), np.uint16)
    st[0, 0] = E2M1[6.0] | E2M1[0.5] << 4  # elements (6, 0.5, 0, 0)
    mv[0, 0] = E2M1[1.0] | E2M1[-2.0] << 4  # elements (1, -2, 0, 0)
    scale = np.full((4, 1), 127, np.uint8)
    dst = np.zeros((1, 1), np.float32)
    with stt_nki.Session(gen="trn3"):
        nisa.nc_matmul_mx(dst, st.view(nl.float4_e2m1fn_x4), mv.view(nl.float4_e2m1fn_x4), scale, scale)
    assert dst[0, 0] == 6.0 * 1.0 + 0.5 * -2.0


def test_quantize_mx_scale_is_twice_ocp_and_rounds_to_nearest_even():
    import ml_dtypes
    src = np.zeros((32, 4), np.float32)
    src[0, :4] = 3.0, 1.0, 1.25, 1.125  # group 0: largest exponent 128 -> scale 128 - 15 + 1 = 114, x * 2^13
    src[5, 2] = -0.75  # still group 0
    src[17, 1] = -0.75  # group 2: exponent 126 -> scale 112, x * 2^15
    src = src.astype(ml_dtypes.bfloat16)
    dst = np.zeros((32, 1), nl.float8_e5m2_x4)
    dst_scale = np.full((4, 1), 9, np.uint8)
    with stt_nki.Session(gen="trn3"):
        nisa.quantize_mx(dst, src, dst_scale)
    codes = dst.view(np.uint32).view(np.uint8).reshape(32, 4)
    # 3 * 2^13 = 1.5 * 2^14: 0 11101 10; 2^13: 0 11100 00; 1.25 * 2^13: 0 11100 01; 1.125 * 2^13 ties to even (00)
    assert list(codes[0]) == [0x76, 0x70, 0x71, 0x70]
    assert codes[5, 2] == 0xEE  # -0.75 * 2^13 = -1.5 * 2^12: 1 11011 10
    assert codes[17, 1] == 0xF6  # -0.75 * 2^15 = -1.5 * 2^14: 1 11101 10
    assert list(dst_scale[:, 0]) == [114, 0, 112, 0]  # an all-zero group's scale clamps to 0


def test_quantize_mx_to_e4m3fn():
    import ml_dtypes
    src = np.zeros((32, 4), np.float32)
    src[0, :2] = 1.0, 0.3  # exponent 127 -> scale 127 - 8 + 1 = 120, x * 2^7
    dst = np.zeros((32, 1), nl.float8_e4m3fn_x4)
    dst_scale = np.zeros((4, 1), np.uint8)
    with stt_nki.Session(gen="trn3"):
        nisa.quantize_mx(dst, src.astype(ml_dtypes.bfloat16), dst_scale)
    codes = dst.view(np.uint32).view(np.uint8).reshape(32, 4)
    # 2^7: 0 1110 000; bf16(0.3) * 2^7 = 38.4 = 1.2 * 2^5 rounds to 1.25 * 2^5: 0 1100 010
    assert list(codes[0, :2]) == [0x70, 0x62] and dst_scale[0, 0] == 120


def test_quantize_mx_places_scales_in_their_quadrants_and_leaves_the_rest():
    import ml_dtypes
    src = np.zeros((64, 4), np.float32)
    src[32:40, 0] = 1.0  # quadrant 1, group 0 -> scale partition 32: 127 - 15 + 1
    dst = np.zeros((64, 1), nl.float8_e5m2_x4)
    dst_scale = np.full((64, 1), 9, np.uint8)
    with stt_nki.Session(gen="trn3"):
        nisa.quantize_mx(dst, src.astype(ml_dtypes.bfloat16), dst_scale)
    want = np.full(64, 9, np.uint8)
    want[[0, 1, 2, 3, 33, 34, 35]] = 0
    want[32] = 113
    np.testing.assert_array_equal(dst_scale[:, 0], want)


def test_ap_dtype_views_host_bytes_as_packed_elements():
    host = nl.ndarray((2, 4), dtype=nl.uint8, buffer=nl.hbm)
    host[...] = np.arange(8, dtype=np.uint8).reshape(2, 4)
    x4 = host.ap(dtype=nl.float4_e2m1fn_x4, pattern=[[2, 2], [1, 2]], offset=0)
    assert x4.shape == (2, 2) and x4.dtype == nl.float4_e2m1fn_x4
    np.testing.assert_array_equal(x4.view(np.uint16), [[0x0100, 0x0302], [0x0504, 0x0706]])


def test_ap_dtype_reads_an_hbm_tensors_bytes_as_numpy_views_them():
    import ml_dtypes
    host = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.hbm)
    host[...] = np.arange(32, dtype=np.float32).reshape(4, 8) + 0.5
    halves = host.ap(pattern=[[16, 4], [1, 16]], offset=0, dtype="bfloat16")
    np.testing.assert_array_equal(halves.view(np.uint16), np.asarray(host).view(np.uint16))
    assert halves.dtype == ml_dtypes.bfloat16
    with pytest.raises(IndexError, match="reaches elements"):
        host.ap(pattern=[[16, 4], [1, 16]], offset=1, dtype="bfloat16")


def test_refusals_name_the_argument():
    with stt_nki.Session(gen="trn3"):
        with pytest.raises(TypeError, match="quantize_mx: dst: .*float8_e5m2_x4 or float8_e4m3fn_x4"):
            nisa.quantize_mx(np.zeros((32, 1), nl.float4_e2m1fn_x4), np.zeros((32, 4), np.float16),
                             np.zeros((4, 1), np.uint8))
        with pytest.raises(TypeError, match="nc_matmul_mx: stationary: float32"):
            nisa.nc_matmul_mx(np.zeros((1, 1), np.float32), np.zeros((32, 1), np.float32),
                              np.zeros((32, 1), nl.float8_e5m2_x4), np.zeros((4, 1), np.uint8),
                              np.zeros((4, 1), np.uint8))
        with pytest.raises(TypeError, match="packed MX dtype"):
            nisa.tensor_copy(np.zeros((32, 1), np.float32), dtype=nl.float8_e5m2_x4)
    with stt_nki.Session(gen="trn2"):
        with pytest.raises(Exception, match="NeuronCore-v4"):
            nisa.nc_matmul_mx(np.zeros((1, 1), np.float32), np.zeros((32, 1), nl.float8_e5m2_x4),
                              np.zeros((32, 1), nl.float8_e5m2_x4), np.zeros((4, 1), np.uint8),
                              np.zeros((4, 1), np.uint8))
