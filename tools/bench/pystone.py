# SPDX-License-Identifier: PSF-2.0
"""Pystone 1.2: the Dhrystone benchmark of R. P. Weicker (CACM 27/10, 1984), as translated
to Python by Guido van Rossum (Python's Lib/test/pystone.py up to 3.6, Python Software
Foundation licence), restated here so that it runs unchanged on CPython, MicroPython and
CircuitPython (no time module inside: the caller times ``run``).

Its figure of record on the device's chip is CircuitPython's own: about 1,500 passes a
second on a SAMD51 at 120 MHz (tools/devicetime.py cites it), so the same passes timed on
CircuitPython's unix port here give the factor between this machine and the device.

    python tools/bench/pystone.py [passes]       # passes a second on this interpreter
"""

IDENT1 = 1
IDENT2 = 2
IDENT3 = 3
IDENT4 = 4
IDENT5 = 5


class Record:
    def __init__(self, ptr_comp=None, discr=0, enum_comp=0, int_comp=0, string_comp=0):
        self.ptr_comp = ptr_comp
        self.discr = discr
        self.enum_comp = enum_comp
        self.int_comp = int_comp
        self.string_comp = string_comp

    def copy(self):
        return Record(self.ptr_comp, self.discr, self.enum_comp, self.int_comp,
                      self.string_comp)


int_glob = 0
bool_glob = False
char1 = "\0"
char2 = "\0"
array1 = None
array2 = None
ptr_glb = None


def run(loops):
    """Run ``loops`` passes of the benchmark; returns a checksum of the final globals."""
    global int_glob, bool_glob, char1, char2, array1, array2, ptr_glb
    int_glob = 0
    bool_glob = False
    char1 = "\0"
    char2 = "\0"
    array1 = [0] * 51
    array2 = [x[:] for x in [array1] * 51]
    ptr_glb = Record()
    ptr_glb.ptr_comp = Record()
    ptr_glb.discr = IDENT1
    ptr_glb.enum_comp = IDENT3
    ptr_glb.int_comp = 40
    ptr_glb.string_comp = "DHRYSTONE PROGRAM, SOME STRING"
    string1 = "DHRYSTONE PROGRAM, 1'ST STRING"
    array2[8][7] = 10
    int_loc1 = int_loc2 = int_loc3 = 0
    for _ in range(loops):
        proc5()
        proc4()
        int_loc1 = 2
        int_loc2 = 3
        string2 = "DHRYSTONE PROGRAM, 2'ND STRING"
        enum_loc = IDENT2
        bool_glob = not func2(string1, string2)
        while int_loc1 < int_loc2:
            int_loc3 = 5 * int_loc1 - int_loc2
            int_loc3 = proc7(int_loc1, int_loc2)
            int_loc1 = int_loc1 + 1
        proc8(array1, array2, int_loc1, int_loc3)
        ptr_glb = proc1(ptr_glb)
        char_index = "A"
        while char_index <= char2:
            if enum_loc == func1(char_index, "C"):
                enum_loc = proc6(IDENT1)
            char_index = chr(ord(char_index) + 1)
        int_loc3 = int_loc2 * int_loc1
        int_loc2 = int_loc3 // int_loc1
        int_loc2 = 7 * (int_loc3 - int_loc2) - int_loc1
        int_loc1 = proc2(int_loc1)
    return int_glob + int_loc1 + int_loc2 + int_loc3 + array2[8][7]


def proc1(ptr_par_in):
    ptr_par_in.ptr_comp = next_record = ptr_glb.copy()
    ptr_par_in.int_comp = 5
    next_record.int_comp = ptr_par_in.int_comp
    next_record.ptr_comp = ptr_par_in.ptr_comp
    next_record.ptr_comp = proc3(next_record.ptr_comp)
    if next_record.discr == IDENT1:
        next_record.int_comp = 6
        next_record.enum_comp = proc6(ptr_par_in.enum_comp)
        next_record.ptr_comp = ptr_glb.ptr_comp
        next_record.int_comp = proc7(next_record.int_comp, 10)
    else:
        ptr_par_in = next_record.copy()
    next_record.ptr_comp = None
    return ptr_par_in


def proc2(int_par_io):
    int_loc = int_par_io + 10
    enum_loc = 0
    while True:
        if char1 == "A":
            int_loc = int_loc - 1
            int_par_io = int_loc - int_glob
            enum_loc = IDENT1
        if enum_loc == IDENT1:
            break
    return int_par_io


def proc3(ptr_par_out):
    global int_glob
    if ptr_glb is not None:
        ptr_par_out = ptr_glb.ptr_comp
    else:
        int_glob = 100
    ptr_glb.int_comp = proc7(10, int_glob)
    return ptr_par_out


def proc4():
    global char2
    bool_loc = char1 == "A"
    bool_loc = bool_loc or bool_glob
    char2 = "B"


def proc5():
    global char1, bool_glob
    char1 = "A"
    bool_glob = False


def proc6(enum_par_in):
    enum_par_out = enum_par_in
    if not func3(enum_par_in):
        enum_par_out = IDENT4
    if enum_par_in == IDENT1:
        enum_par_out = IDENT1
    elif enum_par_in == IDENT2:
        enum_par_out = IDENT1 if int_glob > 100 else IDENT4
    elif enum_par_in == IDENT3:
        enum_par_out = IDENT2
    elif enum_par_in == IDENT4:
        pass
    elif enum_par_in == IDENT5:
        enum_par_out = IDENT3
    return enum_par_out


def proc7(int_par_i1, int_par_i2):
    int_loc = int_par_i1 + 2
    return int_par_i2 + int_loc


def proc8(array1_par, array2_par, int_par_i1, int_par_i2):
    global int_glob
    int_loc = int_par_i1 + 5
    array1_par[int_loc] = int_par_i2
    array1_par[int_loc + 1] = array1_par[int_loc]
    array1_par[int_loc + 30] = int_loc
    for int_index in range(int_loc, int_loc + 2):
        array2_par[int_loc][int_index] = int_loc
    array2_par[int_loc][int_loc - 1] = array2_par[int_loc][int_loc - 1] + 1
    array2_par[int_loc + 20][int_loc] = array1_par[int_loc]
    int_glob = 5


def func1(char_par1, char_par2):
    char_loc1 = char_par1
    char_loc2 = char_loc1
    if char_loc2 != char_par2:
        return IDENT1
    return IDENT2


def func2(str_par_i1, str_par_i2):
    int_loc = 1
    char_loc = "\0"
    while int_loc <= 1:
        if func1(str_par_i1[int_loc], str_par_i2[int_loc + 1]) == IDENT1:
            char_loc = "A"
            int_loc = int_loc + 1
    if "W" <= char_loc <= "Z":
        int_loc = 7
    if char_loc == "X":
        return True
    if str_par_i1 > str_par_i2:
        return True
    return False


def func3(enum_par_in):
    return enum_par_in == IDENT3


if __name__ == "__main__":
    import sys
    import time

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
    t = time.process_time() if hasattr(time, "process_time") else None
    run(n)
    if t is not None:
        dt = time.process_time() - t
        print("%d passes in %.3f s CPU: %.0f passes a second" % (n, dt, n / dt))
