# Row sums of a [128, 512] fp32 tile at sbuf:0:0x0 into a [128, 1] column at sbuf:0:0x1000 (README.md):
# STT with two bypass stages passes every element through and adds it to its partition's accumulator
# (zero_accumulate starts from 0); DveReadAccumulator then writes each partition's accumulator out.
scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[512,1] src1=sbuf:0:0x0 src1.step_elem=[1,0] src1.num_elem=[512,1] dst=sbuf:0:0x800 dst.step_elem=[1,0] dst.num_elem=[512,1] op0=bypass op1=bypass imm0=0.0 imm0_dtype=fp32 in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 num_active_channels=128 accumulator_cmd=zero_accumulate
dve_read_accumulator dst=sbuf:0:0x1000 dst.step_elem=[1] dst.num_elem=[1] dst_element_count=1 dtype=fp32 num_active_channels=128
