package stt.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.Generation;

class ValidatorTest {
    static final String ARITH = "scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0]"
            + " src0.num_elem=[64,2] src1=sbuf:0:0x800 src1.step_elem=[1,64] src1.num_elem=[64,2]"
            + " dst=sbuf:0:0x1000 dst.step_elem=[1,64] dst.num_elem=[64,2] op0=mult op1=add"
            + " reverse_operands=none imm0_src=instruction_immediate imm0=2.5 imm0_dtype=fp32 in0_dtype=fp32"
            + " in1_dtype=fp32 out_dtype=fp32 num_active_channels=128 accumulator_cmd=idle";
    static final String BITVEC = ARITH.replace("scalar_tensor_tensor_arith", "scalar_tensor_tensor_bitvec")
            .replace("op0=mult op1=add", "op0=bitwise_and op1=logical_shift_left").replace("imm0=2.5", "imm0=255")
            .replace("fp32", "int32");
    static final String SCAN = ARITH.replace("scalar_tensor_tensor_arith", "tensor_tensor_scan_arith");
    static final String SELECT = ARITH.replace("scalar_tensor_tensor_arith", "select_reduce")
            .replace("op0=mult op1=add", "op0=bypass op1=max").replace("in0_dtype=fp32", "in0_dtype=int32");

    static final String TT = "tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,1,1] src0.num_elem=[64,1,1]"
            + " src1=sbuf:0:0x100 src1.step_elem=[1,1,1] src1.num_elem=[64,1,1] dst=sbuf:0:0x200"
            + " dst.step_elem=[1,1,1] dst.num_elem=[64,1,1] in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 op=add"
            + " num_active_channels=128";
    static final String TTB = TT.replace("tensor_tensor_arith", "tensor_tensor_bitvec").replace("fp32", "int32")
            .replace("op=add", "op=bitwise_and");
    static final String PRED = TT.replace("tensor_tensor_arith", "copy_predicated").replace("in0_dtype=fp32",
            "in0_dtype=uint8").replace("op=add", "op=bypass");
    static final String TS = "tensor_scalar_arith src=sbuf:0:0x0 src.step_elem=[1,1,1] src.num_elem=[64,1,1]"
            + " dst=sbuf:0:0x200 dst.step_elem=[1,1,1] dst.num_elem=[64,1,1] in_dtype=fp32 out_dtype=fp32"
            + " num_active_channels=128 op0=add imm0=1.0";
    static final String TSB = TS.replace("tensor_scalar_arith", "tensor_scalar_bitvec").replace("fp32", "int32")
            .replace("op0=add imm0=1.0", "op0=bitwise_and imm0=0xff");
    static final String PTR = TS.replace("tensor_scalar_arith", "tensor_scalar_ptr_arith")
            .replace("imm0=1.0", "imm0=sbuf:0:0x2000 imm1=sbuf:0:0x2004");
    static final String CACHE = TS.replace("tensor_scalar_arith", "tensor_scalar_cache_reduce")
            .replace("op0=add imm0=1.0", "op0=mult imm0=2.0 op1=add accumulator_cmd=zero_accumulate");
    static final String RD = "dve_read_accumulator dst=sbuf:0:0x0 dst.step_elem=[1] dst.num_elem=[1] dtype=fp32"
            + " num_active_channels=128 dst_element_count=1";
    static final String MEMSET = "memset dst=sbuf:0:0x0 dst.step_elem=[1,1,1,1] dst.num_elem=[64,1,1,1] dtype=fp32"
            + " num_active_channels=128 dst_element_count=64";
    static final String COPY = "copy src=sbuf:0:0x0 src.step_elem=[1,1,1,1] src.num_elem=[64,1,1,1]"
            + " dst=sbuf:0:0x200 dst.step_elem=[1,1,1,1] dst.num_elem=[64,1,1,1] in_dtype=fp32 out_dtype=fp32"
            + " num_active_channels=128";
    static final String REDUCE = "tensor_reduce_arith src=sbuf:0:0x0 src.step_elem=[1,8,1,1] src.num_elem=[8,4,1,1]"
            + " dst=sbuf:0:0x200 dst.step_elem=[1,1,1,1] dst.num_elem=[4,1,1,1] in_dtype=fp32 out_dtype=fp32 op=add"
            + " op_dim=x num_active_channels=128";
    static final String REDUCE_BV = REDUCE.replace("tensor_reduce_arith", "tensor_reduce_bitvec")
            .replace("fp32", "int32").replace("op=add", "op=bitwise_or");
    static final String TRANSPOSE = "stream_transpose src=sbuf:0:0x0 src.step_elem=[1,1,1,1] src.num_elem=[32,1,1,1]"
            + " dst=sbuf:0:0x200 dst.step_elem=[1,1,1,1] dst.num_elem=[32,1,1,1] in_dtype=bf16 out_dtype=bf16"
            + " num_active_channels=32";
    static final String IOTA = "iota src.num_elem=[64,1,1,1] dst=sbuf:0:0x0 dst.step_elem=[1,1,1,1]"
            + " dst.num_elem=[64,1,1,1] out_dtype=int32 num_active_channels=128";

    static Word word(String base, String overrides, Generation gen) {
        return stt.Asm.with(base, overrides, gen);
    }

    static List<Violation> check(String base, String overrides, Generation gen) {
        return Model.VALIDATOR.validate(word(base, overrides, gen), gen);
    }

    static Stream<Arguments> ruleCases() {
        Generation m = Generation.MARIANA;
        return Stream.of(
                // rule, base, breaking overrides, near-identical passing overrides, generation
                Arguments.of(Rule.HAS_VALID_OPCODE, TT, "mnemonic=tensor_tensor_add_bf16",
                        "mnemonic=tensor_tensor_arith", m),
                Arguments.of(Rule.HAS_VALID_OPCODE, MEMSET, "mnemonic=dve_read_indices dtype=uint16"
                        + " dst_element_count=8", "mnemonic=memset", Generation.SUNDA),
                Arguments.of(Rule.S3D3_TS_RESERVED_ZERO, TS, "reserved0=[0,1,0]", "reserved0=[0,0,0]", m),
                Arguments.of(Rule.D1_RD_RESERVED_ZERO, RD, "reserved1=[0,0,0,0,0,0,0,0,9]",
                        "reserved1=[0,0,0,0,0,0,0,0,0]", m),
                Arguments.of(Rule.D4_MR_RESERVED_ZERO, MEMSET, "reserved3=[0,0,1]", "reserved3=[0,0,0]", m),
                Arguments.of(Rule.S4D4_TR_RESERVED_ZERO, COPY, "reserved1=[0,0,0,0,1]", "reserved1=[0,0,0,0,0]",
                        m),
                Arguments.of(Rule.D4_IOTA_RESERVED_ZERO, IOTA, "reserved0=[3]", "reserved0=[0]", m),
                Arguments.of(Rule.STREAM_TRANSPOSE_CHANNELS, TRANSPOSE, "num_active_channels=16",
                        "num_active_channels=64", m),
                Arguments.of(Rule.STREAM_TRANSPOSE_COUNTS, TRANSPOSE, "src.num_elem=[16,1,1,1] dst.num_elem=[16,1,1,1]",
                        "src.num_elem=[64,1,1,1] dst.num_elem=[40,1,1,1]", m),
                Arguments.of(Rule.MASK_ENABLE_ZERO, TRANSPOSE, "mask_enable=2", "mask_enable=1", m),
                Arguments.of(Rule.TENSOR_REDUCE_OP_DIM, REDUCE, "op_dim=unused dst.num_elem=[32,1,1,1]",
                        "op_dim=xy dst.num_elem=[1,1,1,1]", m),
                Arguments.of(Rule.TENSOR_REDUCE_DST_COUNT, REDUCE, "dst.num_elem=[8,1,1,1]",
                        "op_dim=xy dst.num_elem=[1,1,1,1]", m),
                Arguments.of(Rule.HAS_VALID_REDUCE_NEGATED, REDUCE, "negated=2", "negated=1", m),
                Arguments.of(Rule.HAS_VALID_REDUCE_NEGATED, REDUCE_BV, "negated=1", "negated=0", m),
                Arguments.of(Rule.TENSOR_REDUCE_VALID_OP, REDUCE, "op=pow", "op=add_int", m),
                Arguments.of(Rule.TENSOR_REDUCE_VALID_OP, REDUCE_BV, "op=add", "op=bitwise_and", m),
                Arguments.of(Rule.TENSOR_REDUCE_BITVEC_DTYPE, REDUCE_BV, "out_dtype=uint32", "in_dtype=uint32"
                        + " out_dtype=uint32", m),
                Arguments.of(Rule.TENSOR_REDUCE_BITVEC_DTYPE, REDUCE_BV, "in_dtype=int16 out_dtype=int16",
                        "in_dtype=uint16 out_dtype=uint16", m),
                Arguments.of(Rule.TENSOR1D_VALID, RD, "dst=sbuf:0:0x2", "dst=sbuf:0:0x4", m),
                Arguments.of(Rule.TENSOR_SCALAR_VALID_OPS, TS, "op0=divide", "op0=subtract", m),
                Arguments.of(Rule.TENSOR_SCALAR_VALID_OPS, TS, "op0=bypass op1=add", "op0=add op1=add", m),
                Arguments.of(Rule.TENSOR_SCALAR_VALID_OPS, TSB, "op1=add", "op1=crc32", m),
                Arguments.of(Rule.TENSOR_SCALAR_VALID_TYPES, TSB, "out_dtype=int16", "out_dtype=int32", m),
                Arguments.of(Rule.TENSOR_SCALAR_IMMEDIATES_CHECK, TSB, "in_dtype=int16 out_dtype=int16 imm0=0x10000",
                        "in_dtype=int16 out_dtype=int16 imm0=0xffff", m),
                Arguments.of(Rule.TENSOR_SCALAR_IMMEDIATES_CHECK, TS, "imm0_src=pointer_immediate imm0=sbuf:0:0x2002",
                        "imm0_src=pointer_immediate imm0=sbuf:0:0x2004", m),
                Arguments.of(Rule.TENSOR_SCALAR_IMMEDIATES_CHECK, TS, "imm1_src=reg_ptr_immediate imm1=reg:64",
                        "imm1_src=reg_ptr_immediate imm1=reg:63", m),
                Arguments.of(Rule.TENSOR_SCALAR_SHIFT_CHK, TSB, "in_dtype=int16 out_dtype=int16 op0=arith_shift_right",
                        "op0=arith_shift_right", m),
                Arguments.of(Rule.TENSOR_SCALAR_TENSOR_CHK, TS, "dst.num_elem=[32,1,1]", "dst.num_elem=[32,2,1]", m),
                Arguments.of(Rule.TENSOR_SCALAR_REVERSE_CHK, TS, "reverse_operands=4", "reverse_operands=3", m),
                Arguments.of(Rule.TENSOR_SCALAR_REVERSE_CHK, CACHE, "reverse_operands=first", "reverse_operands=none",
                        m),
                Arguments.of(Rule.HAS_ZERO_ACCUM_CMD_FIELD, TS, "accumulator_cmd=accumulate", "accumulator_cmd=idle",
                        m),
                Arguments.of(Rule.TENSOR_SCALAR_PTR_IMM_SRC, PTR, "imm0_src=pointer_immediate",
                        "imm0_src=instruction_immediate", m),
                Arguments.of(Rule.TENSOR_SCALAR_CACHE_REDUCE_VALID_OPS, CACHE, "op1=is_eq", "op1=max", m),
                Arguments.of(Rule.TENSOR_SCALAR_CACHE_REDUCE_VALID_TYPES, CACHE, "in_dtype=int32", "in_dtype=int16",
                        m),
                Arguments.of(Rule.TENSOR_SCALAR_CACHE_REDUCE_IMMEDIATES_CHECK, CACHE, "imm1=0x1",
                        "imm1=0x1 accumulator_cmd=load_accumulate", m),
                Arguments.of(Rule.HAS_VALID_TENSOR_SCALAR_CACHE_REDUCE_ACCUM_CMD, CACHE, "accumulator_cmd=idle",
                        "accumulator_cmd=accumulate", m),
                Arguments.of(Rule.DVE_READ_ACCUMULATOR_TYPE_CHECK, RD, "dtype=int32", "dtype=bf16", m),
                Arguments.of(Rule.READ_ACCUMULATOR_DST_SIZE, RD, "dst_element_count=2", "dst_element_count=1", m),
                Arguments.of(Rule.D1_RD_HAS_VALID_NEGATED_FIELD, RD, "negated=2", "negated=1", m),
                Arguments.of(Rule.ACTIVATION_READ_ACCUMULATOR_TYPE_CHECK, RD, "mnemonic=activation_read_accumulator"
                        + " dtype=fp8_e4m3", "mnemonic=activation_read_accumulator dtype=fp16", m),
                Arguments.of(Rule.D1_RD_HAS_ZERO_NEGATED_FIELD, RD, "mnemonic=activation_read_accumulator negated=1",
                        "mnemonic=activation_read_accumulator negated=0", m),
                Arguments.of(Rule.DVE_READ_INDICES_TYPE_CHECK, MEMSET, "mnemonic=dve_read_indices dtype=int32"
                        + " dst_element_count=8 dst.num_elem=[8,1,1,1]", "mnemonic=dve_read_indices dtype=uint32"
                        + " dst_element_count=8 dst.num_elem=[8,1,1,1]", m),
                Arguments.of(Rule.DVE_READ_INDICES_ZERO_SET_VALUE, MEMSET, "mnemonic=dve_read_indices dtype=uint16"
                        + " dst_element_count=8 set_value=1", "mnemonic=dve_read_indices dtype=uint16"
                        + " dst_element_count=8 set_value=0", m),
                Arguments.of(Rule.DVE_READ_INDICES_DST_SIZE, MEMSET, "mnemonic=dve_read_indices dtype=uint16",
                        "mnemonic=dve_read_indices dtype=uint16 dst_element_count=8", m),
                Arguments.of(Rule.TENSOR3D_VALID, TT, "src1=sbuf:0:0x102", "src1=sbuf:0:0x104", m),
                Arguments.of(Rule.TENSOR3D_VALID, TS, "dst=psum:0:0x0 out_dtype=bf16",
                        "dst=psum:0:0x0 out_dtype=fp32", m),
                Arguments.of(Rule.TENSOR4D_VALID, COPY, "src.step_elem=[-1,1,1,1]", "src.step_elem=[1,1,1,1]", m),
                Arguments.of(Rule.TENSOR4D_VALID, MEMSET, "dst=sbuf:0:0x3fffc dst.num_elem=[2,1,1,1]"
                        + " dst_element_count=2", "dst=sbuf:0:0x3fff8 dst.num_elem=[2,1,1,1] dst_element_count=2", m),
                Arguments.of(Rule.S3S3D3_TT_VALID_OP, TT, "op=divide", "op=pow", m),
                Arguments.of(Rule.S3S3D3_TT_VALID_OP, TT, "op=add_int in0_dtype=int32 in1_dtype=int32"
                        + " out_dtype=int32", "op=add_int in0_dtype=int32 in1_dtype=int32 out_dtype=int32",
                        Generation.SUNDA),
                Arguments.of(Rule.S3S3D3_TT_VALID_OP, TTB, "op=add", "op=bitwise_or", m),
                Arguments.of(Rule.S3S3D3_TT_DTYPE, TTB, "in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32",
                        "in0_dtype=uint16 in1_dtype=uint16 out_dtype=uint16", m),
                Arguments.of(Rule.S3S3D3_TT_SRC_DST_DTYPE, TTB, "in1_dtype=int16", "in1_dtype=int32", m),
                Arguments.of(Rule.S3S3D3_TT_SRC_DST_DTYPE, TTB, "op=logical_shift_left in0_dtype=int64"
                        + " out_dtype=int64 in1_dtype=int32", "op=logical_shift_left in0_dtype=int64 out_dtype=int64"
                        + " in1_dtype=uint32", m),
                Arguments.of(Rule.S3S3D3_TT_VALID_INT_SIGNNESS, TT, "op=add_int in0_dtype=int32 in1_dtype=uint32"
                        + " out_dtype=int32", "op=add_int in0_dtype=int32 in1_dtype=int32 out_dtype=int32", m),
                Arguments.of(Rule.S3S3D3_TT_VALID_INT_SIGNNESS, TT, "op=max_uint in0_dtype=int32 in1_dtype=int32"
                        + " out_dtype=int32", "op=max_uint in0_dtype=uint32 in1_dtype=uint32 out_dtype=uint32", m),
                Arguments.of(Rule.S3S3D3_TT_SRC_ELEMENT_CNT_CHECK, TT, "src1.num_elem=[32,1,1]",
                        "src1.num_elem=[32,2,1]", m),
                Arguments.of(Rule.S3S3D3_TT_DST_ELEMENT_CNT_CHECK, TT, "dst.num_elem=[32,1,1]",
                        "dst.num_elem=[16,2,2]", m),
                Arguments.of(Rule.S3S3D3_COPY_PRED_SRC0_DTYPE, PRED, "in0_dtype=fp32", "in0_dtype=int32", m),
                Arguments.of(Rule.S3S3D3_COPY_CAST_PRED_SRC1_DST_DTYPE, PRED, "out_dtype=bf16",
                        "out_dtype=bf16 mnemonic=cast_predicated", m),
                Arguments.of(Rule.S3S3D3_TT_IS_ZERO_OP, PRED, "op=add", "op=bypass", m),
                Arguments.of(Rule.MASK_ENABLE_ZERO, COPY, "mask_enable=1", "mask_enable=0", m),
                Arguments.of(Rule.IS_ZERO_SUBDIM, COPY, "op_dim=1", "op_dim=x", m),
                Arguments.of(Rule.S4D4_TR_SAME_SRC_DST_COUNT, COPY, "dst.num_elem=[32,1,1,1]",
                        "dst.num_elem=[32,2,1,1]", m),
                Arguments.of(Rule.S4D4_TR_OP_BYPASS, COPY, "op=add", "op=bypass", m),
                Arguments.of(Rule.S4D4_TR_SAME_SRC_DST_TYPE, COPY, "out_dtype=bf16", "out_dtype=bf16 mnemonic=cast",
                        m),
                Arguments.of(Rule.HAS_ZERO_NEGATED_FIELD, COPY, "negated=1", "negated=0", m),
                Arguments.of(Rule.MEMSET_SET_VALUE_TYPE, MEMSET, "dtype=bf16 set_value=0x10000",
                        "dtype=bf16 set_value=0xffff", m),
                Arguments.of(Rule.D4_MR_ZERO_SERIALIZATION, MEMSET, "serialization_mode=1",
                        "serialization_mode=serial", m),
                Arguments.of(Rule.D4_MR_DST_ELEMENT_COUNT, MEMSET, "dst_element_count=63", "dst_element_count=64", m),
                Arguments.of(Rule.D4_IOTA_SAME_SRC_DST_COUNT, IOTA, "src.num_elem=[32,1,1,1]",
                        "src.num_elem=[16,2,2,1]", m),
                Arguments.of(Rule.RESERVED_ZERO, ARITH, "reserved=[0,1,0]", "reserved=[0,0,0]", m),
                Arguments.of(Rule.VALID_ENUM_CODE, ARITH, "reverse_operands=4", "reverse_operands=3", m),
                Arguments.of(Rule.VALID_ENUM_CODE, ARITH, "imm0_src=3 imm0=0x40200000", "imm0_src=0 imm0=0x40200000", m),
                Arguments.of(Rule.VALID_ENUM_CODE, ARITH, "accumulator_cmd=5", "accumulator_cmd=2", m),
                Arguments.of(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, ARITH, "op0=divide", "op0=subtract", m),
                Arguments.of(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, ARITH, "op1=relu", "op1=relu", Generation.CAYMAN),
                Arguments.of(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, ARITH, "op1=bitwise_and", "op1=is_ne", m),
                Arguments.of(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, BITVEC, "op1=add", "op1=bitwise_xor", m),
                Arguments.of(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, BITVEC, "op0=crc32", "op0=bitwise_not", m),
                Arguments.of(Rule.HAS_VALID_TENSOR_TENSOR_SCAN_OP, SCAN, "op1=pow", "op1=max", m),
                Arguments.of(Rule.HAS_VALID_SELECT_REDUCE_OP, SELECT, "op0=add", "op0=bypass", m),
                Arguments.of(Rule.HAS_VALID_SELECT_REDUCE_OP, SELECT, "op1=min", "op1=max", m),
                Arguments.of(Rule.IS_VALID_DTYPE, ARITH, "in0_dtype=int64", "in0_dtype=int32", m),
                Arguments.of(Rule.IS_VALID_DTYPE, ARITH, "in1_dtype=fp32r", "out_dtype=fp32r", m),
                Arguments.of(Rule.IS_VALID_DTYPE, ARITH, "out_dtype=0x10", "out_dtype=0xa", m),
                Arguments.of(Rule.S2S2D2_STT_IMM0_DTYPE, ARITH, "imm0_dtype=bf16",
                        "imm0_dtype=bf16 imm0_src=pointer_immediate imm0=sbuf:0:0x2000", m),
                Arguments.of(Rule.S2S2D2_STT_IMM0_DTYPE, SCAN, "imm0_dtype=int32", "imm0_dtype=fp32", m),
                Arguments.of(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_DTYPES, BITVEC,
                        "in0_dtype=fp32 in1_dtype=fp32 imm0_dtype=fp32 out_dtype=fp32",
                        "in0_dtype=uint32 in1_dtype=uint32 imm0_dtype=uint32 out_dtype=uint32", m),
                Arguments.of(Rule.S2S2D2_STT_SRC_DST_DTYPE, BITVEC, "out_dtype=int16", "out_dtype=int32", m),
                Arguments.of(Rule.HAS_VALID_SELECT_REDUCE_DTYPES, SELECT, "in0_dtype=fp32", "in0_dtype=uint8", m),
                Arguments.of(Rule.HAS_VALID_SELECT_REDUCE_DTYPES, SELECT, "in1_dtype=uint32", "in1_dtype=fp16", m),
                Arguments.of(Rule.HAS_VALID_SELECT_REDUCE_REV_OPS, SELECT, "reverse_operands=second",
                        "reverse_operands=first", m),
                Arguments.of(Rule.HAS_VALID_S2S2D2_STT_ACCUM_CMD, ARITH, "accumulator_cmd=zero",
                        "accumulator_cmd=zero_accumulate", m),
                Arguments.of(Rule.HAS_VALID_S2S2D2_STT_ACCUM_CMD, BITVEC, "accumulator_cmd=accumulate",
                        "accumulator_cmd=idle", m),
                Arguments.of(Rule.HAS_VALID_S2S2D2_CPR_ACCUM_CMD, SELECT, "accumulator_cmd=load_accumulate",
                        "accumulator_cmd=accumulate", m),
                Arguments.of(Rule.HAS_ZERO_ACCUM_CMD, SCAN, "accumulator_cmd=accumulate", "accumulator_cmd=idle", m),
                Arguments.of(Rule.HAS_VALID_S2S2D2_STT_IMMEDIATE, ARITH,
                        "imm0_src=pointer_immediate imm0=sbuf:0:0x2002", "imm0_src=pointer_immediate imm0=sbuf:0:0x2004",
                        m),
                Arguments.of(Rule.HAS_VALID_S2S2D2_STT_IMMEDIATE, ARITH,
                        "imm0_src=pointer_immediate imm0=sbuf:1:0x0", "imm0_src=pointer_immediate imm0=sbuf:0:0x0", m),
                Arguments.of(Rule.HAS_VALID_S2S2D2_STT_IMMEDIATE, ARITH,
                        "imm0_src=pointer_immediate imm0=sbuf:0:0x3fffe",
                        "imm0_src=pointer_immediate imm0=sbuf:0:0x3fffc", m),
                Arguments.of(Rule.HAS_VALID_S2S2D2_STT_IMMEDIATE, ARITH, "imm0_src=reg_ptr_immediate imm0=reg:64",
                        "imm0_src=reg_ptr_immediate imm0=reg:63", m),
                Arguments.of(Rule.HAS_VALID_S2S2D2_STT_IMMEDIATE, ARITH,
                        "imm0_src=reg_ptr_immediate imm0=0x00000105", "imm0_src=reg_ptr_immediate imm0=0x00000005",
                        m),
                Arguments.of(Rule.CHECK_ACTIVE_CHANNELS, ARITH, "num_active_channels=0", "num_active_channels=1", m),
                Arguments.of(Rule.START_ADDR_ACTIVE_CHANNELS, ARITH, "dst=sbuf:1:0x1000",
                        "dst=sbuf:1:0x1000 num_active_channels=127", m),
                Arguments.of(Rule.TENSOR2D_VALID, ARITH, "src0=sbuf:0:0x2", "src0=sbuf:0:0x4", m),
                Arguments.of(Rule.TENSOR2D_VALID, ARITH, "dst=sbuf:0:0x32000", "dst=sbuf:0:0x2f000",
                        Generation.SUNDA),
                Arguments.of(Rule.TENSOR2D_VALID, ARITH, "dst=psum:0:0x0 out_dtype=bf16",
                        "dst=psum:0:0x0 out_dtype=fp32", m),
                Arguments.of(Rule.TENSOR2D_VALID, ARITH, "src1.step_elem=[1,-1024]", "src1.step_elem=[1,-8]",
                        m),
                Arguments.of(Rule.TENSOR2D_VALID, ARITH, "src0=reg:64", "src0=reg:63", m),
                Arguments.of(Rule.TENSOR2D_VALID, ARITH, "src0=0x08000000", "src0=0x02000000", m),
                Arguments.of(Rule.S2S2D2_STT_SRC_ELEMENT_CNT_CHECK, ARITH, "src1.num_elem=[64,3]",
                        "src1.num_elem=[128,1]", m),
                Arguments.of(Rule.S2S2D2_STT_DST_ELEMENT_CNT_CHECK, ARITH, "dst.num_elem=[64,3]",
                        "dst.num_elem=[32,4]", m),
                Arguments.of(Rule.TT_VALID_PARTITIONS, ARITH, "num_active_channels=64 src1=sbuf:32:0x800",
                        "num_active_channels=64 src1=sbuf:31:0x800", m),
                Arguments.of(Rule.TT_VALID_PARTITIONS, ARITH, "src0=psum:0:0x0 src1=psum:0:0x800",
                        "src0=sbuf:0:0x0 src1=psum:0:0x800", m));
    }

    @ParameterizedTest(name = "{0}: {2} on {4}")
    @MethodSource("ruleCases")
    void eachRuleHasAWordBreakingOnlyItAndANearTwinThatPasses(Rule rule, String base, String breaking,
            String passing, Generation gen) {
        assertThat(check(base, "", gen)).as("base word").isEmpty();
        List<Violation> broken = check(base, breaking, gen);
        assertThat(broken).as("violations of %s", breaking).isNotEmpty()
                .allSatisfy(v -> assertThat(v.rule()).isEqualTo(rule));
        Generation passGen = breaking.equals(passing) ? Generation.MARIANA : gen;
        assertThat(check(base, passing, passGen)).as("%s on %s", passing, passGen).isEmpty();
    }

    @Test
    void everyRuleHasACase() {
        Set<Rule> covered = EnumSet.noneOf(Rule.class);
        ruleCases().forEach(a -> covered.add((Rule) a.get()[0]));
        // the executability predicates break no validity rule: DefinitionsTest has their cases
        covered.addAll(EnumSet.of(Rule.IS_VALID_TENSOR_TENSOR_ARITH_DVE, Rule.IS_VALID_TENSOR_TENSOR_BITVEC_DVE,
                Rule.IS_VALID_TENSOR_REDUCE_ARITH_ENGINE, Rule.REDUCE_IDENTITY, Rule.STREAM_TRANSPOSE_MASK));
        assertThat(covered).containsExactlyInAnyOrder(Rule.values());
    }

    @Test
    void anUnknownOpcodeIsARawWordThatBreaksOnlyHasValidOpcode() {
        Word raw = stt.Asm.line("opcode_0x9f bytes=[" + "7,".repeat(51) + "7]", Generation.MARIANA);
        assertThat(Model.VALIDATOR.validate(raw, Generation.MARIANA)).singleElement().hasToString("has_valid_opcode:"
                + " opcode = 0x9f is not an opcode of the Vector Engine family this model knows; the word is kept as"
                + " raw bytes (stt spec lists the opcodes)");
    }

    @Test
    void generationDifferences() {
        assertThat(check(ARITH, "op0=relu", Generation.MARIANA)).isEmpty();
        assertThat(check(ARITH, "op0=relu", Generation.CAYMAN)).extracting(Violation::rule)
                .containsExactly(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP);
        assertThat(check(ARITH, "dst=sbuf:0:0x32000", Generation.MARIANA)).isEmpty();
        assertThat(check(ARITH, "dst=sbuf:0:0x32000", Generation.SUNDA)).extracting(Violation::rule)
                .containsExactly(Rule.TENSOR2D_VALID);
        assertThat(check(TS, "op0=add_int op1=max_int", Generation.MAVERICK)).isEmpty();
        assertThat(check(TS, "op0=add_int op1=max_int", Generation.MARIANA)).extracting(Violation::rule)
                .containsOnly(Rule.TENSOR_SCALAR_VALID_OPS);
        assertThat(Generation.CAYMAN.generalArith()).hasSize(17);
        assertThat(Generation.MARIANA.generalArith()).hasSize(21);
        assertThat(Generation.MAVERICK.generalBitvec()).hasSize(9);
        assertThat(Generation.CAYMAN.aluOps()).hasSize(60);
        assertThat(Generation.MARIANA_PLUS.aluOps()).hasSize(64);
        assertThat(Generation.MAVERICK.aluOps()).hasSize(65);
    }

    @Test
    void aWordWithSeveralFaultsReportsThemAll() {
        List<Violation> v = check(ARITH, "op0=divide reserved=[1,0,0] num_active_channels=0 src0=sbuf:0:0x2",
                Generation.MARIANA);
        assertThat(v).extracting(Violation::rule).containsExactly(Rule.RESERVED_ZERO,
                Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, Rule.CHECK_ACTIVE_CHANNELS, Rule.TENSOR2D_VALID);
        assertThat(v.get(1).message()).isEqualTo("op0 = divide (0x07) is not a general-arith op on MARIANA;"
                + " allowed: bypass, add, subtract, mult, max, min, logical_and, logical_or, logical_xor, is_eq,"
                + " is_gt, is_ge, is_le, is_lt, absolute_diff, is_ne, absolute_value, abs_max, abs_min, relu,"
                + " square");
        assertThat(v.get(3).message()).isEqualTo("src0.start_addr offset 0x2 is not aligned to its dtype fp32 (4 bytes)");
    }

    @Test
    void messagesNameFieldValueAndAllowed() {
        assertThat(check(ARITH, "num_active_channels=0", Generation.MARIANA)).singleElement().hasToString(
                "check_active_channels: num_active_channels = 0; allowed: 1..128");
        assertThat(check(ARITH, "dst=sbuf:0:0x32000", Generation.SUNDA)).singleElement().hasToString(
                "tensor2d_valid: dst.start_addr sbuf:0:0x32000 is past the active 192 KiB of each sbuf partition"
                        + " on SUNDA");
    }
}
