package stt.isa;

/**
 * The model's ledger: every behaviour that no source pins and that this model decides, SPEC's own [MODEL]
 * rules, and the places where the sources disagree, each behind one name. {@code stt spec --model} prints it
 * and {@code docs/decisions.md} explains it.
 */
public enum Decision {
    DECODE_TOTAL("Decoding is total: any 64 bytes decode; unknown enum codes are kept as numbers and shown in hex."),
    RAW_WORDS("An opcode no struct claims decodes as a raw word (header, events and 52 body bytes kept as they are),"
            + " written opcode_0xNN bytes=[...]; validation reports has_valid_opcode and nothing else."),
    OPCODE_MNEMONICS("Mnemonics are the header enum names in lower snake case without _op; where the sources give no"
            + " exact enum name (0x8a/0x8b/0x8f, the S4D4_TR reduce, cumulative, transpose-reduce, reciprocal and"
            + " stream opcodes) the model's reading of their description is used."),
    OPCODE_GENERATIONS("has_valid_opcode also fails for an opcode outside its generation's enum: dve_read_indices"
            + " 0xe9 from CAYMAN on, the tensor_tensor_*_bf16 ops 0x8a/0x8b/0x8f on SUNDA only."),
    STRUCTURAL_CHECKS("An opcode whose own rules are not modelled yet is checked by the rules every struct shares,"
            + " read from its layout: *_reserved_zero, check_active_channels, start_addr_active_channels and"
            + " tensorNd_valid on every pattern; it decodes, validates and is refused at execution."),
    DECODE_ONLY_RULES("0x93 is checked by Tensor-Scalar's list; 0x24 by DveReadAccumulator's with no fp8 and no"
            + " negation; 0xe9 by its recovered clauses under invented names (dve_read_indices_type_check,"
            + " _zero_set_value, _dst_size); other decode-only opcodes by their struct's structural rules."),
    INT_OP_SIGNEDNESS("s3s3d3_tt_valid_int_signness: the *_uint ops need all-unsigned integer operands, mod"
            + " all-signed or all-unsigned, every other int ALU op all-signed (the headers' op lists are not in the"
            + " sources)."),
    MEMSET_COUNT(Source.SPEC_MODEL, "d4_mr_dst_element_count: Memset's dst_element_count must equal the product of"
            + " its dst num_elem (FAMILY.md §3)."),
    JSON_NAME_MNEMONIC("disasm --json's name is the text mnemonic (FAMILY.md §6) and format the struct's name; the"
            + " seed's CamelCase names (ScalarTensorTensorArith) name trace workers only."),
    HEADER_EVENTS_OPAQUE("Header and events fields are carried and shown, never interpreted or validated."),
    SUNDA_ALU_ENUM("SUNDA's ALU_OP enum is modelled as the 30 base ops plus abs_max_int and abs_min_int (32); SPEC"
            + " counts 33 but no source names the 33rd. Only error wording depends on it: int ops are never valid"
            + " in an S2S2D2_STT word."),
    REGISTER_ADDR_FORM("A register-addressed ADDR4 must have zero bytes 1..2 and zero bits 24..29; only bits 31"
            + " (address) and 30 (shape) may be set in its top byte."),
    SHAPE_AND_INDIRECT("Shape-from-register and indirect addresses decode and validate (element-count checks are"
            + " skipped for shape-from-register) but execution refuses them."),
    IMM_REG_FORM("A register immediate (imm0 with reg_ptr_immediate) needs regnum < 64 in byte 0 and zero bytes"
            + " 1..3."),
    FOOTPRINT_IN_ACTIVE("tensor2d_valid also requires every byte a pattern touches, per partition, to lie inside"
            + " the active size of its space."),
    INVENTED_RULE_NAMES("Checks no source names are reported as reserved_zero (S2S2D2_STT's reserved bytes) and"
            + " valid_enum_code; has_valid_opcode is FAMILY.md's name."),
    TEXT_FORM("Text form: one word per line, 'mnemonic key=value ...', the keys those of the opcode's layout"
            + " (patterns as P, P.step_elem=[...], P.num_elem=[...]); omitted fields encode as zero; addresses are"
            + " written per generation (asm and disasm take --gen, default mariana)."),
    JSON_ADDRESS_FIELDS("JSON addresses: space 'register' or a window address past the active size ('invalid')"
            + " keep start_addr; partition and offset are null unless the address lies in an SBUF/PSUM window."),
    CANONICAL_NAN("Every arith ALU stage result (and accumulator sum) that is NaN is the canonical quiet NaN"
            + " 0x7fc00000, so results do not depend on the host's NaN propagation. Widening a NaN input keeps"
            + " NumPy's bits (bf16/fp16 payload kept, fp8 to the quiet NaN)."),
    SHIFT_COUNT("Bitvec shifts take b as an unsigned w-bit count; a count >= w gives 0 (all copies of bit w-1 for"
            + " arith_shift_right). arith_shift_left equals logical_shift_left."),
    MAX_MIN_NAN("max/min follow NumPy fmax/fmin: a NaN operand yields the other; otherwise a >= b ? a : b (max)"
            + " and a <= b ? a : b (min), so max(-0.0, +0.0) is -0.0; relu is max(a, +0.0)."),
    FP8_IEEE("fp8_e3m4/e4m3/e5m2 are the IEEE-style formats of ml_dtypes (exponent all-ones is inf/NaN; max"
            + " finite 15.5/240/57344); fp32 narrows to them with RNE, overflow to inf, NaN to the quiet NaN."),
    FP32R_BITS("fp32r is stored as the fp32 bits (the FP22 layout is not public)."),
    STREAMING_ORDER("Execution is element-major: for k ascending, every lane reads element k of src0 and src1,"
            + " then every lane writes element k of dst; so overlapping operands, also across partitions, see"
            + " earlier writes."),
    SCALAR_READ_FIRST("A pointer or register scalar is read for every lane before any element is written."),
    ACCUMULATOR_LANE("The accumulator used by channel c is lane c (0..num_active_channels-1), whatever the"
            + " operands' start partitions."),
    EXEC_REFUSALS("Execution refuses, changing nothing: shape-from-register and indirect addresses, and"
            + " register-held addresses outside an active SBUF/PSUM range or whose pattern leaves it (SUNDA executes:"
            + " sunda_vector_engine)."),
    FAST_FALLBACKS("The fast engine hands a word to the reference engine when tracing, when its opcode has no"
            + " kernel, or when dst overlaps a"
            + " source other than element-on-element in the same lane (then streaming order would show); it runs"
            + " lanes in parallel only when no such overlap exists, so results never depend on threads."),
    SELECT_REDUCE_IMM0_DTYPE("s2s2d2_stt_imm0_dtype (inline imm0 must be fp32) is applied to arith STT and"
            + " TensorTensorScan, as SPEC §4 says; SelectReduce's inline scalar is read as fp32 bits whatever"
            + " imm0_dtype says."),
    BENCH_FORKS("stt bench runs each case in a JVM of its own (this JVM's java, options and class path), as JMH"
            + " forks, so no case is compiled for the profiles of the cases before it; inside a case each engine"
            + " warms up, then their timed windows take turns and each row is the median; --no-fork keeps one JVM."),
    ENGINE_DEFAULT("run and eval use the fast engine unless --engine or -Dstt.engine says reference; without"
            + " jdk.incubator.vector the fast engine falls back to the reference with one line on stderr."),
    SCAN_STATE("TensorTensorScan keeps its running state in fp32 (canonical NaN like every stage), starting from"
            + " the scalar as arith STT reads it, and writes it converted to out_dtype at every element."),
    SELECT_REDUCE_PASSTHROUGH("SelectReduce passes the selected value through unchanged (no ALU stage: a NaN keeps"
            + " its bits); its accumulator uses the max op's NaN rule, so max(-0.0, +0.0) keeps the first."),
    EVAL_SELECT_DEFAULTS("eval --instruction select-reduce defaults --op0/--op1 to bypass/max; the other"
            + " instructions require them."),
    TRACE_FORMAT("--trace prints the seed's strings on standard output, at most --trace-limit (64) element lines"
            + " then a count of the rest; the siblings print S: TensorTensorScan / S: CopyPredicatedReduce."),
    FAMILY_TRACE("--trace for the family: S: Tensor-Tensor then S: OP=<op> R[2] = OP(R[0], R[1]); Copy/Cast S:"
            + " Tensor-Cumulative/Copy/Cast/Stream-Shuffle then S: OP=0 R[2] = OP(R[0], imm); CopyPredicated /"
            + " CastPredicated then S: R[2] = R[0] ? R[1] : R[2]; S: MEMSET/RNG then S: R[2] = imm."),
    FAMILY_EVAL("eval --instruction tensor-tensor takes --data, --data2, --op (0x51 when the op is bitvec-only);"
            + " copy takes --data and --out-dtype (0x46 when the dtypes match, else 0x47); out dtype defaults to"
            + " fp32 (arith) or the input's (bitvec, copy); options of other instructions are refused (exit 2)."),
    DVE_REFUSAL_NAMES("Execution refuses 0x41 with pow, an int ALU op or a 64-bit dtype as"
            + " is_valid_tensor_tensor_arith_dve, and 0x51 with a 64-bit dtype as is_valid_tensor_tensor_bitvec_dve"
            + " (a name the sources do not give)."),
    TS_BYPASS(Source.SPEC_MODEL, "Tensor-Scalar with op1 = bypass passes the first stage's result through, whatever"
            + " reverse_operands says (FAMILY-SOURCES C9)."),
    TS_SCALARS(Source.SPEC_MODEL, "Tensor-Scalar scalars: inline arith = the u32 as fp32 bits, inline bitvec = its"
            + " low w bits; a pointer (or register) gives lane c the value at the pointer's offset in partition"
            + " pointer + c, read as fp32 (arith) or in_dtype (bitvec); 0x44/0x54 read both immediates as pointers."),
    TS_GPSIMD_FORMS("Tensor-Scalar words the validator admits but the DVE does not run (rsqrt, crc32, MAVERICK's int"
            + " ops) are refused at execution under tensor_scalar_valid_ops, changing nothing."),
    CACHE_REDUCE_START(Source.SPEC_MODEL, "Cache reductions: zero_accumulate starts each lane at op1's identity (0 for"
            + " add/subtract, 1 mult, -inf max, +inf min), load_accumulate at imm1 (fp32 bits, or per lane through a"
            + " pointer), accumulate where it is; then acc = op1(src op0 s0, acc) per element in fp32 (NKI's order,"
            + " FAMILY-SOURCES C6); 0x9a writes src op0 s0, 0xe6 the running acc."),
    READ_NEGATION(Source.SPEC_MODEL, "DveReadAccumulator negates by flipping the fp32 sign bit (NaN stays NaN, 0 and"
            + " -0 swap) before converting to dtype; it never changes the accumulator."),
    SESSION_CORE("A stt serve process (an stt_nki Session) is one NeuronCore: its calls run on one machine per"
            + " generation that persists from request to request (SBUF, PSUM, registers, accumulators), each call's"
            + " tiles laid out from SBUF offset 0 as a fresh call's are; a {\"reset\": true} request zeroes it. stt eval"
            + " outside serve runs on a fresh machine."),
    SHARED_MEMORY("A serve session's SBUF and PSUM may be a file both processes map (0600, in a 0700 directory the"
            + " client removes once mapped); a call made again with the same arguments, shapes and dtypes is replayed:"
            + " the client writes its inputs where the server placed them the first time and sends only the words,"
            + " then reads the outputs where they were read; a call whose outputs are not all in SBUF (STT's"
            + " accumulators) always goes the whole way."),
    ENGINE_DATA_MOVEMENT("stt_nki's tensor_copy without a cast and memset take engine=scalar or gpsimd and run on the"
            + " Vector Engine: moving or setting bits gives the same bits on any engine (FAMILY-NEXT fidelity L1); a"
            + " cast, or any arithmetic, on another engine is refused naming it."),
    MEMSET_VALUE(Source.SPEC_MODEL, "memset_value: NKI's memset value is encoded in the destination dtype: an integer"
            + " dtype takes an integer in its range exactly (a non-integer or out-of-range value is refused, naming the"
            + " range; eval's 0x-hex is the dtype's bits), a float dtype the value rounded to nearest even from the"
            + " value itself (a double, never through fp32 first; eval's 0x-hex is fp32 bits)."),
    REDUCE_FOLD(Source.SPEC_MODEL, "reduce_fold (FAMILY-NEXT §3.4): TensorReduce 0x42/0x52 folds each output"
            + " position's reduced elements in source order (num_elem[0] fastest) as acc = op(x, acc) from the op's"
            + " identity (add/subtract +0, mult 1, max -inf, min +inf, logical_and 1, logical_or/xor 0, bitwise_and"
            + " all ones, bitwise_or/xor 0), each step rounded to fp32 with the canonical NaN (raw bits for bitvec);"
            + " sequential, not pairwise (the device's order is not public; TensorReduce.foldArith is the one place)."),
    REDUCE_NEGATE(Source.SPEC_MODEL, "reduce_negate: a negated TensorReduce flips bit 31 of the fp32 result, as"
            + " 0x9b does (NaN leaves as 0xffc00000, +-0 swap), then converts to out_dtype."),
    REDUCE_IDENTITY(Source.SPEC_MODEL, "reduce_identity: a 0x42/0x52 word whose op has no identity (compares,"
            + " absolute_diff, abs_max/min, relu, square, absolute_value, shifts, bitwise_not, crc32, bypass) validates"
            + " but is refused at execution under reduce_identity, changing nothing; op_dim unused is a validation"
            + " error (tensor_reduce_op_dim), and dst must count src's elements divided by the reduced dimensions'"
            + " (tensor_reduce_dst_count: the collapse predicate's body is not public)."),
    REDUCE_AXES(Source.SPEC_MODEL, "reduce_axes: stt_nki's tensor_reduce maps a tile (P, D1..Dn) reduced over its"
            + " last k free axes onto a [P, M x K] source with K the reduced axes' product (op_dim X over K, M"
            + " outputs): the same elements in the same order as op_dim X..XYZW over [Dn..D1]; keepdims changes only"
            + " the result's shape."),
    TRANSPOSE_BLOCKS(Source.SPEC_MODEL, "transpose_blocks (FAMILY-NEXT §7.1): StreamTranspose 0x6b transposes each"
            + " group of 32 channels and each block of 32 source elements on its own, copying bits (dst[32g+i][32b+j]"
            + " = src[32g+j][32b+i]), a block read whole before it is written, dst elements past dst's count not"
            + " written; mask_enable = 1 validates but is not executed (stream_transpose_mask)."),
    RECIPROCAL_RNE(Source.SPEC_MODEL, "reciprocal_rne (FAMILY-NEXT §4): Reciprocal 0x48 computes the correctly"
            + " rounded fp32 1/x (RNE) of the source converted to fp32, with IEEE special cases (1/±0 = ±inf,"
            + " 1/±inf = ±0, subnormals kept) and the canonical NaN; its checks are Cast's (S4D4_TR, op bypass,"
            + " op_dim unused or x); not verified against hardware, whose seed-and-Newton datapath is not public."),
    CACHE_TRACE("--trace names 0x9a S: Tensor-Scalar and 0xe6 S: Tensor-Cumulative/Copy/Cast/Stream-Shuffle (no"
            + " device string is known for them); element lines are the scalar-stage form."),
    COST_ESTIMATES("stt cost applies NKI 2.26's formulas as FAMILY.md §7 tabulates them; a register-held source address"
            + " has no known space before the run, so the formulas' space conditions count it as unmet; decode-only"
            + " and raw words are listed, not estimated (cost 0)."),
    RUN_NPY_LAYOUT("stt run loads a 1-D .npy as one column per partition; dumps of bf16/fp8 are written as"
            + " uint16/uint8 bits."),
    NUMBER_LITERALS("One number syntax for the text form and the CLI: integers decimal or 0x-hex (never negative hex),"
            + " fp32 values in Java's syntax or inf/-inf/nan, 0x-hex in an fp32 place is the raw bits; one parser for"
            + " sbuf:P:OFF / psum:P:OFF."),
    USAGE_ERRORS("A bad argument or option value is exit 2 with one line on standard error, no usage dump or stack"
            + " trace; output directories are checked before any work; an empty bench --filter and a negative"
            + " --trace-limit are bad usage."),
    MODULE_API("module stt exports the API packages and keeps fast, alu, bench and machine.internal inside; the"
            + " engines reach raw memory through stt.machine.internal.RawMemory."),
    PROGRESS_LINES("stt bench and the oracle drivers show a progress line on standard error only on a terminal."),
    SERVE_PROTOCOL("stt serve: Content-Length / Json-Length frames of JSON plus .npy payloads; @name arguments are the"
            + " request's arrays, in memory; each reply carries its request's id and, as data, the words run, their"
            + " cost and the verdicts (rule, level, message, word); a malformed request or frame gets exit 2 and the"
            + " server goes on; the input ending inside a frame ends it (exit 2)."),
    NKI_CALLS("stt_nki makes one stt eval per nki.isa call: dtype defaults to the data's (dst's when given), floats are"
            + " fp32 bits, ints low bits for bitvec, [P, 1] arrays per-partition scalars; nl.left_shift/right_shift are"
            + " the logical shifts; each call's accumulator starts at zero."),
    EVAL_MEMSET_PREDICATED("eval --instruction memset (--shape, --value, --out-dtype) and copy-predicated (--data,"
            + " --predicate, --dst-in; 0x72 when the dtypes match, else 0x99), tensor-scalar --reduce-op (0x9a then"
            + " 0x9b)."),
    API_MACHINE_REUSE("The Java API keeps a machine per thread and generation, zeroing after each call the bytes its"
            + " layout covers and the accumulators, so each call sees a fresh machine."),
    UNENFORCED_RULES("Not enforced, their bodies not being public: header/events validity and the NEURON-3759"
            + " quadrant erratum check of 0x9d/0x9e."),
    ITERATION_ORDER(Source.SPEC_MODEL, "Elements are walked minor-to-major, num_elem[0] fastest, at start +"
            + " (sum of i_d*step_elem[d]) * size for 1-D to 4-D patterns; the k-th elements of all operands pair up."),
    FAILURE_CHANGES_NOTHING(Source.SPEC_MODEL, "An instruction that fails validation or any execution check"
            + " changes no byte, register or accumulator."),
    INT_CONVERSION(Source.SPEC_MODEL, "fp32 to an integer dtype truncates toward zero and saturates; NaN gives 0."),
    SELECT_REDUCE_SEMANTICS(Source.SPEC_MODEL, "SelectReduce: dst = pred ? src1 : scalar (pred = src0 != 0,"
            + " inverted by reverse_operands first); zero_accumulate starts the accumulator at -inf, accumulation"
            + " keeps a NaN-ignoring max."),
    ACT_AFFINE(Source.SPEC_MODEL, "act_affine (FAMILY-NEXT §5.2): activation's pre-activation is y = fma(x, scale,"
            + " bias) with one fp32 rounding, a missing bias +0.0 (so -0.0 * 1 comes out +0.0)."),
    ACT_EVAL(Source.SPEC_MODEL, "act_eval (FAMILY-NEXT §5.3): copy, relu, prelu (alpha 0), abs, sign and square are"
            + " closed forms in fp32 (model level, unverified); every other function is its formula in double with"
            + " StrictMath (erf by series and continued fraction in plain double) rounded once to fp32, approximate;"
            + " inputs outside NKI's valid range are computed and warned about."),
    ACT_ACCUMULATE(Source.SPEC_MODEL, "act_accumulate (FAMILY-NEXT §5.4): the Scalar Engine has its own fp32 reduce"
            + " register per lane, kept by the session's core; reg = reg + f (the fp32 function value, before the"
            + " cast) per element in order; reset zeroes it."),
    ACT_BIAS(Source.SPEC_MODEL, "act_bias (FAMILY-NEXT §5.2): a bias or scale tile is [P, 1], lane p using element p"
            + " converted to fp32; a scalar bias is refused on sunda."),
    MATMUL_NUMERICS(Source.SPEC_MODEL, "matmul_numerics (FAMILY-NEXT §6.4): acc from +0.0, acc = fma(s, m, acc) for k"
            + " ascending (one fp32 rounding a step), then psum_old + acc in fp32 when accumulating, a bf16 dst RNE;"
            + " bf16/fp16/fp8 inputs model level, fp32 and tf32 (rounded RNE to 10 mantissa bits first) approximate."),
    MATMUL_ACCUMULATE_NONE(Source.SPEC_MODEL, "matmul_accumulate_none (FAMILY-NEXT §6.4): stt_nki flags each PSUM"
            + " element a matmul wrote; accumulate=None overwrites when none of dst is flagged, accumulates when all"
            + " are, and a mix is an error; accumulate=True onto unflagged elements is an error (NKI: undefined)."),
    MX_MATMUL_NUMERICS("mx_matmul_numerics: nc_matmul_mx decodes each element exactly and multiplies it by 2^(scale -"
            + " 127) of its group; acc from +0.0, acc = fma(s, m, acc) for k ascending and within k the four elements"
            + " of a packed pair in order, one fp32 rounding a step; psum_old + acc when accumulating; a bf16 dst RNE."
            + " Approximate: the Tensor Engine's MX accumulation order is not published."),
    MX_SCALE_LAYOUT("mx_scale_layout: an _x4 element packs four elements in row order, element i in byte i (bits"
            + " 8i..8i+7, little-endian) of a float8 _x4 and in nibble i (bits 4i..4i+3) of a float4 _x4; the scale of"
            + " the group of partitions 8g..8g+7 of quadrant q (partitions 32q..32q+31) is at scale partition 32q + g,"
            + " column: the _x4 element."),
    QUANTIZE_MX_SCALE("quantize_mx_scale: a group's scale is E - emax + 1 (E its largest biased fp32 exponent, emax"
            + " the format's largest normal exponent: NKI 2.32's block scale two times larger than OCP's), clamped to"
            + " 0..254; each element x / 2^(scale - 127) rounded to nearest even, saturating to the largest finite"
            + " value, NaN staying NaN."),
    IOTA_PAD(Source.SPEC_MODEL, "iota_pad (FAMILY-NEXT §8.1): a pattern shorter than 4 entries is padded with [0, 1]"
            + " at the outer end; the given entries keep their order, the last fastest."),
    IOTA_INT(Source.SPEC_MODEL, "iota_int (FAMILY-NEXT §8.1): the affine value wraps in int32; a float dst takes it"
            + " through fp32 (RNE twice), an integer dst its low bits; a result that needed neither is exact level."),
    AFFINE_PATTERN(Source.SPEC_MODEL, "affine_pattern (FAMILY-NEXT §8.2): affine_select's k-th value pairs with the"
            + " k-th element of on_true_tile and dst in row-major order; cmp_op(a, 0) compares the int32 exactly;"
            + " on_false_value converts by SPEC §5; equal dtypes copy the selected bits."),
    PARTITION_REDUCE_FOLD(Source.SPEC_MODEL, "partition_reduce_fold (FAMILY-NEXT §8.4): a sequential fold over"
            + " partitions 0..P-1 from the op's identity, acc = op(x, acc) in fp32 RNE (canonical NaN, NaN-suppressing"
            + " max); average adds fp32(x * fp32(1/P))."),
    BN_FORMULA(Source.SPEC_MODEL, "bn_formula (FAMILY-NEXT §8.5): bn_stats sums s and q = sum fp32(x*x) in fp32 in"
            + " order per half, mean = s * fp32(1/n), nvar = q - fp32(fp32(n * mean) * mean); bn_aggr: N = sum n_i,"
            + " mean = (sum n_i*m_i) * fp32(1/N), var = (sum nvar_i + n_i*(m_i - mean)^2) * fp32(1/N); approximate."),
    RANGE_SELECT_CMDS(Source.SPEC_MODEL, "range_select_cmds (FAMILY-NEXT §8.3): range_select folds the fp32 selected"
            + " values into the Vector Engine accumulators with select_reduce's NaN-ignoring max: reset_reduce = -inf"
            + " then fold, reset = -inf, reduce = fold, idle untouched, load_reduce refused."),
    SHUFFLE_SNAPSHOT(Source.SPEC_MODEL, "shuffle_snapshot (FAMILY-NEXT §7.2): nc_stream_shuffle reads all of src before"
            + " writing dst; a mask entry is < 32 (inside src) or 255 (dst's partition kept)."),
    DMA_CAST(Source.SPEC_MODEL, "dma_cast (FAMILY-NEXT §9): a DMA copy between equal dtypes copies bits; between"
            + " different dtypes it converts through fp32 by SPEC §5; dst_rmw_op=add adds in fp32."),
    MAX8_ORDER("max8 (FAMILY-NEXT §13a) orders the fp32 values largest first, NaN after every number (as the"
            + " Vector Engine's max ignores NaN), equal values (and -0/+0) in source order; a NaN output is canonical."),
    MATCH_EQUALITY("nc_find_index8 and nc_match_replace8 (FAMILY-NEXT §13a) match by fp32 equality (-0 = +0, NaN"
            + " matches nothing), each data position matched once; find takes vals 0..7, match_replace 7..0 (NKI's"
            + " duplicate rule); an unmatched val's index is all ones (NKI documents it for find_index8 only)."),
    RAND_HOST("stt_nki's nl.rand draws uniform [0, 1) values from the host's NumPy generator, recorded as an"
            + " approximate GpSimd call: the device's random state and its bits-to-value mapping are not published."),
    KERNEL_PLACEMENT("stt_nki places a kernel's SBUF tensors from the top of each partition down and its PSUM tensors"
            + " from 0 up, 64-byte aligned, each freed when its last view goes and all when the kernel ends; a call's"
            + " words address the tiles there, and an operand that is not one run of bytes per partition (a strided"
            + " view) is staged below them: NKI's allocator is the compiler's and is not published."),
    NKI_NAMES(Source.SPEC_MODEL, "nki_names (FAMILY-NEXT §0.5): every public name of NKI 2.32's published API stubs"
            + " (nki, nki.language, nki.isa) exists in stt_nki with the stub's signature (Beta 1's mask= and the"
            + " like keyword-only); a name the model cannot honour raises NotImplementedError naming it and why when"
            + " called, never at import."),
    TILE_BROADCAST(Source.SPEC_MODEL, "tile_broadcast (FAMILY-NEXT §0.2): tile operators (nl.add(x, y), x - y, ...)"
            + " and assignment into a tensor view broadcast partition dim first: a 1-D tile [P] is [P, 1], a size-1"
            + " free dim repeats along the other's free dims, a size-1 partition dim across partitions; the operands"
            + " of an nki.isa call have one partition count, a mismatch is an error naming both shapes."),
    GPSIMD_ALU(Source.SPEC_MODEL, "gpsimd_alu (FAMILY-NEXT §0.4): a tensor_tensor or tensor_scalar call (a tile"
            + " operator too) whose ALU op the Vector Engine's word refuses (divide, pow, mod) runs on GpSimd with the"
            + " same fp32-hub ALU bodies: divide IEEE fp32 RNE, pow StrictMath.pow rounded once to fp32, mod np.mod"
            + " (the divisor's sign); fidelity model."),
    MASK_SEMANTICS(Source.SPEC_MODEL, "mask_semantics (FAMILY-NEXT §0.3, §9): a Beta-1 mask leaves the masked-off"
            + " elements of a fresh result at the uninit sentinel and those of an existing dst at their old value; a"
            + " mask over a reduced axis shrinks the fold to the kept elements (tensor_reduce, the nl reductions,"
            + " tensor_scalar_reduce, activation's reduce, bn_stats, max8, the matmul's contraction); nl.mean divides"
            + " by the count of kept elements; a masked call is reported at model level."),
    SUNDA_VECTOR_ENGINE(Source.SPEC_MODEL, "sunda_vector_engine (FAMILY-NEXT §0.1): Vector Engine calls and DVE words"
            + " run on SUNDA with CAYMAN's bodies and SUNDA's validity tables (its ALU enum, the 17-op general-arith"
            + " set, plain is_valid_dtype: no 64-bit dtypes, SBUF 192 KiB); every Vector Engine outcome on SUNDA is"
            + " fidelity model under this decision. PSUM and the other generation gates stay."),
    BETA1_GRID_AXES("A Beta-1 index whose nl.mgrid / nl.arange grid has more axes than the index has items (a"
            + " 3-axis nl.mgrid indexing a 2-D tensor) gives one tile axis per index expression, in order: the grid"
            + " axes no expression uses (size 1 in every one) drop out, never below 2-D; a mask over that grid drops"
            + " the same axes."),
    SHARED_CONSTANT_DTYPE("nl.shared_constant(constant, dtype=) (Beta 1's keyword) converts the host constant to"
            + " dtype as NumPy's astype does (ml_dtypes for bf16 and fp8: round to nearest even), since the compiler"
            + " embeds the host array."),
    BETA1_MATMUL_ACCUMULATE("Beta 1's psum[...] += nisa.nc_matmul(...) is the matmul accumulating into the tile, as"
            + " the compiler lowers it: it writes over elements no matmul has written (an accumulation group's first"
            + " matmul, whatever a new nl.ndarray held) and adds in fp32 to elements one has; a mix is refused. The"
            + " same flags as matmul_accumulate_none; any other += is a tile add."),
    DOUBLE_ROW("nc_matmul(perf_mode=double_row) (NC-v3+, FP8; 2.26's double_row_gen3): stationary [K, 2, M] and"
            + " moving [K, 2, N], both rows of each partition contracted; the model folds row 0's K as an ordinary"
            + " matmul, then row 1's onto it in fp32 (the device's order is not published)."),
    BETA1_ISA_FREE_BROADCAST("Beta 1's nisa.tensor_tensor with one operand's free dims of size 1 ([P, F] with"
            + " [P, 1]) reads that operand again along the other's free dims, as a step-0 access pattern would;"
            + " partition counts must still agree, and NKI 2.27+'s form keeps equal shapes."),
    TRANSPOSE_FP32("nc_matmul(is_transpose=True) with fp32 on NC-v3+ is the ordinary matmul of stationary with"
            + " moving (kernels pass the identity), as on NC-v2: the bit-moving transpose mode is for 2-byte and fp8"
            + " elements only (FAMILY-NEXT §6.3)."),
    TILE_2D("An on-chip tile indexed with an integer on its free axis never falls below 2-D: t[:, i] of a [P, F]"
            + " tile is the [P, 1] view (NumPy's would be [P]), and a [P, 1] tile stores into a [P] place."),
    REGISTERS_HOST("A VirtualRegister's 32-bit value is kept on the host: register_alloc/load/store/move set and"
            + " read it, nl.fori_loop, nl.while_loop and nl.dynamic_range loop over it in Python and ap's scalar_offset"
            + " reads it; Python's own int()/range()/if on a register are refused, as NKI's are; a while_loop past"
            + " 2^20 rounds is called a hang."),
    NL_REDUCE_AXES("nl.sum/max/min/prod/all over free axes that are not a run ending at the last one read the tile"
            + " with those axes moved innermost, in order (an access pattern), then fold them; the other axes keep"
            + " their order (keepdims puts size-1 axes back where they were). Not with a mask."),
    EXPLICIT_ALLOCATION("A tensor the kernel places itself (address=, ncc.sbuf/psum.alloc, mod_alloc), or one with"
            + " block dimensions before its partition dimension (NKI maps blocks to physical tiles as their"
            + " lifetimes allow), is placed by the model with one storage per logical block and no aliasing; where"
            + " that placement"
            + " finds no gap, the tensor is held outside the core's memory (its calls stage it) instead of being"
            + " refused. A kernel that passes data through an alias is not modelled."),
    LEVEL_CALL_COSTS("an NKI-level call NKI 2.26 gives no cost line (exponential, bn_stats,"
            + " bn_aggr, max8, nc_find_index8, nc_match_replace8, nc_stream_shuffle, tensor_partition_reduce, the gathers"
            + " (nc_n_gather, local_gather, sequence_bounds, nonzero_with_count), the"
            + " GpSimd tensor_tensor / tensor_scalar) costs max(MIN_II, N) engine cycles per input tile, N its"
            + " elements per partition: the architecture guide's rule of about N cycles per input tile."),
    DMA_COST("a dma_copy or dma_transpose costs 500 ns, then its bytes at min(16, P) queues of 27 GiB/s,"
            + " at most the NeuronCore's share of HBM (the device's bandwidth over its cores); every generation has 16"
            + " queues of 27 GiB/s per core; DMA costs are nanoseconds (a 1 GHz 'clock')."),
    TIMELINE_SCHEDULE("each engine runs its calls in program order; a call starts when its engine"
            + " (DMA: its min(16, P) earliest free queues) is free and every earlier call it shares bytes with (RAW,"
            + " WAR, WAW) has ended, a compute call 100 cycles of its own engine after (the static overhead between"
            + " dependent instructions); the 60-cycle tensor access overhead is inside MIN_II, not added."),
    STRIDED_ACCESS("a compute call (any engine but DMA) that reads or writes SBUF or PSUM with a"
            + " most-minor free stride above 16 bytes takes twice its formula's time in the timeline, on every"
            + " generation (the trn1 guide's half bandwidth, stated for NeuronCore-v2; the later guides do not restate"
            + " it); the call's cycles stay its formula's."),
    REDUCE_AXIS_ONE("nisa.tensor_reduce's int axis 1 on a tile of three or more dims names the most-minor free axis"
            + " (as [ndim-1]), as the compiler (KLR) maps the int 1 to X and NKI 2.26 calls axis 1 the most-minor;"
            + " nki-library's rmsnorm_tkg/layernorm_tkg reduce (H0, BxS, H1) into (H0, BxS) so. A list keeps"
            + " numpy's numbers (FAMILY-NEXT §3.2), and the nl reductions keep numpy's numbers for the int too."),
    INDEX_PARTITION_FIRST("An integer index tile with fewer dims than the other index arrays of the same index is"
            + " read partition dim first (as tile_broadcast): a [P, 1] tile beside [1, A, 1] and [1, 1, B] grids is"
            + " [P, 1, 1], not NumPy's right-aligned [1, P, 1]; only where NumPy's reading does not broadcast."),
    GATHER_BOUNDS("An index outside its source is refused naming it, changing nothing: nc_n_gather's and"
            + " nl.gather_flattened's outside the data's elements a partition, local_gather's offset plus"
            + " num_elem_per_idx past src_buffer's (NKI: garbage values / undefined)."),
    GATHER_FLATTENED_LOWERING("nl.gather_flattened(data, indices) is nki.isa.nc_n_gather on GpSimd (both gather each"
            + " partition's flattened free elements by uint32 indices); only axis=0, the default, is taken."),
    NL_WHERE("nl.where(condition, x, y) runs on the Vector Engine as y (a tile copied or cast, or a number set by"
            + " memset) in the result dtype, then tensor_copy_predicated of x where condition is nonzero (a float"
            + " condition made a uint8 predicate by tensor_scalar not_equal 0 first); tiles broadcast by"
            + " tile_broadcast; the default dtype is NKI's type promotion of x and y."),
    AP_INDIRECT("NkiTensor.ap's run-time offsets (and select / vector_select with tensor indices, made with them):"
            + " the scalar_offset / vector_offset tile is read when the view is made (a kernel evaluates it right"
            + " before the instruction that uses it); vector_offset (indirect_dim"
            + " 0, HBM) starts partition p at its p-th value times dim 0's stride, the first pattern pair giving only"
            + " the count; an element outside an HBM tensor is an IndexError naming the index, for a static ap too"
            + " (on chip a pattern may read past the tensor's row inside its partitions' memory, as the device's"
            + " does, but not past its partitions or that memory)."),
    ABS_MAX_ABS_MIN(Source.CONFLICT, "abs_max/abs_min return max(|a|,|b|) / min(|a|,|b|) (the ISA header"
            + " comment); NKI documents a signed result (the operand with the larger/smaller magnitude)."),
    ACCUMULATED_VALUE(Source.CONFLICT, "The accumulator adds r, the fp32 result before conversion to out_dtype"
            + " (KLR); the other reading adds the value as stored in out_dtype."),
    DST_WRITTEN_WHEN_ACCUMULATING(Source.CONFLICT, "dst is written also when accumulating (KLR); the seed's §7"
            + " pseudocode skips the store on the accumulate branch.");

    /** Where a decision comes from. */
    public enum Source {
        /** This model's own choice: SPEC is silent. */
        MODEL,
        /** A rule SPEC itself marks [MODEL], registered here so the ledger is complete. */
        SPEC_MODEL,
        /** The sources disagree; the text gives the model's reading first, then the other one. */
        CONFLICT
    }

    private final Source source;
    private final String text;

    Decision(String text) {
        this(Source.MODEL, text);
    }

    Decision(Source source, String text) {
        this.source = source;
        this.text = text;
    }

    /** The ledger's name of the decision, as docs/decisions.md and reports write it: {@code reduce_fold}. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The one-line statement of the decision. */
    public String text() {
        return text;
    }

    /** The tag printed with the entry: MODEL, SPEC-MODEL or CONFLICT. */
    public String source() {
        return source.name().replace('_', '-');
    }
}
