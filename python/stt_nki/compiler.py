"""`nki.compiler`: the allocation helpers kernels pass as `buffer=` (`ncc.sbuf.mod_alloc(...)`), which the model
accepts as the buffer itself (it places tensors on its own, FAMILY-NEXT §9), and the rest of what kernels import."""
from ._tiles import psum, sbuf  # noqa: F401


def skip_middle_end_transformations(fn=None, **kwargs):
    """A compiler directive: no effect on the model."""
    return fn if fn is not None else (lambda f: f)


enable_stack_allocator = skip_middle_end_transformations
force_auto_alloc = skip_middle_end_transformations
