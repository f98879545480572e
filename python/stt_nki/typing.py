"""`nki.typing`: the annotation types kernels write (`a: tensor[128, 512] = ...`). Annotations do not change what a
kernel computes; these make them valid."""


class _Subscriptable(type):
    def __getitem__(cls, item):
        return cls


class tensor(metaclass=_Subscriptable):
    """`nki.typing.tensor[shape...]`: a tile annotation."""


class scalar(metaclass=_Subscriptable):
    """`nki.typing.scalar`: a scalar annotation."""


mutable_tensor = tensor
