# SPDX-License-Identifier: MIT
"""Harness test driver: imports the module named by arg (dotted) from the tree and prints
"FILE <its __file__>" and "VALUE <its VALUE>"."""


def setup(arg):
    m = __import__(arg)
    for part in arg.split(".")[1:]:
        m = getattr(m, part)
    print("FILE %s" % m.__file__)
    print("VALUE %s" % getattr(m, "VALUE", None))


def step():
    return False
