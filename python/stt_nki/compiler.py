"""`nki.compiler`: the allocation helpers kernels pass as `buffer=` (`ncc.sbuf.mod_alloc(...)`), which the model
takes as the buffer with the kernel's word that its placement fits (the model places tensors on its own, unaliased,
FAMILY-NEXT §9 and explicit_allocation), and the rest of what kernels import."""
from ._tiles import psum, sbuf  # noqa: F401


def skip_middle_end_transformations(fn=None, **kwargs):
    """A compiler directive: no effect on the model."""
    return fn if fn is not None else (lambda f: f)


def no_reorder():
    """`nki.compiler.no_reorder()`, a loop's `directives=`: keep its instructions in program order. The model runs
    every loop in program order already (loops_sequential), so the directive changes nothing."""
    return "no_reorder"


enable_stack_allocator = skip_middle_end_transformations
force_auto_alloc = skip_middle_end_transformations
