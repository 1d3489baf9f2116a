# SPDX-License-Identifier: MIT
"""The CircuitPython tier's runner, run by circuitpython-unix32 at the root of a built tree
(tools/cpcheck/cpcheck.py): ``cprun.py DRIVER [blocks]``.

Reads the driver's argument from arg.txt (the unix port refuses a command-line argument of
256 characters or more), calls ``DRIVER.setup(arg)``, then ``DRIVER.step()`` until it returns
a false value, and prints "CPCHECK <steps>". Nothing here collects garbage: the collector
runs when an allocation fails, as on the device. With ``blocks`` it prints
micropython.mem_info() after every step (the largest block in the heap, "max blk sz").
"""
import sys


def main():
    # the tree's modules by paths relative to it, as on the device (CircuitPython's sys.path
    # begins with "", the drive's root): a module's path is interned with it (__file__), and
    # the unix port's absolute folder would add its length to every module's
    sys.path[0] = ""
    name = sys.argv[1]
    blocks = len(sys.argv) > 2 and sys.argv[2] == "blocks"
    f = open("arg.txt")
    arg = f.read()
    f.close()
    driver = __import__(name)
    driver.setup(arg)
    arg = None
    info = None
    if blocks:
        import micropython

        info = micropython.mem_info
    steps = 0
    while driver.step():
        steps += 1
        if info is not None:
            info()
    print("CPCHECK %d" % steps)


main()
