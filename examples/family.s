# A Vector Engine sequence mixing the family, 4 partitions x 4 elements (expected result in README.md).
# inputs: int32 x at sbuf:0:0x100, uint8 predicate at sbuf:0:0x500; output: fp32 at sbuf:0:0x600
memset dst=sbuf:0:0x0 dst.step_elem=[1,0,0,0] dst.num_elem=[4,1,1,1] dst_element_count=4 dtype=fp32 set_value=0x40000000 num_active_channels=4
cast src=sbuf:0:0x100 src.step_elem=[1,0,0,0] src.num_elem=[4,1,1,1] dst=sbuf:0:0x200 dst.step_elem=[1,0,0,0] dst.num_elem=[4,1,1,1] in_dtype=int32 out_dtype=fp32 num_active_channels=4
tensor_tensor_arith src0=sbuf:0:0x200 src0.step_elem=[1,0,0] src0.num_elem=[4,1,1] src1=sbuf:0:0x0 src1.step_elem=[1,0,0] src1.num_elem=[4,1,1] dst=sbuf:0:0x300 dst.step_elem=[1,0,0] dst.num_elem=[4,1,1] op=mult in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 num_active_channels=4
scalar_tensor_tensor_arith src0=sbuf:0:0x300 src0.step_elem=[1,0] src0.num_elem=[4,1] src1=sbuf:0:0x200 src1.step_elem=[1,0] src1.num_elem=[4,1] dst=sbuf:0:0x400 dst.step_elem=[1,0] dst.num_elem=[4,1] op0=add op1=max imm0=1.0 imm0_dtype=fp32 in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 num_active_channels=4
copy_predicated src0=sbuf:0:0x500 src0.step_elem=[1,0,0] src0.num_elem=[4,1,1] src1=sbuf:0:0x400 src1.step_elem=[1,0,0] src1.num_elem=[4,1,1] dst=sbuf:0:0x200 dst.step_elem=[1,0,0] dst.num_elem=[4,1,1] op=bypass in0_dtype=uint8 in1_dtype=fp32 out_dtype=fp32 num_active_channels=4
copy src=sbuf:0:0x200 src.step_elem=[1,0,0,0] src.num_elem=[4,1,1,1] dst=sbuf:0:0x600 dst.step_elem=[1,0,0,0] dst.num_elem=[4,1,1,1] in_dtype=fp32 out_dtype=fp32 num_active_channels=4
