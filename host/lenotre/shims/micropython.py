"""CPython stand-in for MicroPython's `micropython` module, so firmware imports it unchanged.

Only what the firmware may call: const() and harmless no-ops for the memory and code-emitter
helpers. Put this folder on sys.path (host/lenotre/shims) only when not on MicroPython."""


def const(x):
    return x


def _same(f):
    return f


# Code emitter decorators: CPython just runs the bytecode.
native = viper = bytecode = _same

_locks = 0


def heap_lock():
    global _locks
    _locks += 1


def heap_unlock():
    # -> the lock depth left, as on MicroPython
    global _locks
    if _locks:
        _locks -= 1
    return _locks


def mem_info(verbose=None):
    pass


def qstr_info(verbose=None):
    pass


def stack_use():
    return 0


def opt_level(level=None):
    return 0 if level is None else None


def alloc_emergency_exception_buf(size):
    pass


def kbd_intr(chr):
    pass


def schedule(func, arg):
    # MicroPython runs it soon from the VM; here there is no interrupt context to escape.
    func(arg)
