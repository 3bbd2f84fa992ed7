# The Pico's RTC as the box's wall clock (wallclock.py has the interface and the rules): its
# datetime tuple <-> unix seconds UTC. Loaded on a Pico only.
from wallclock import ZERO, check, valid

DAY = 86400


def days(y, m, d):
    # -> days from 1970-01-01 to the date (proleptic Gregorian): March-based years put the
    # leap day last, so a month's first day is a fixed function of its number
    if m <= 2:
        y -= 1
        m += 12
    # days before year y's March 1st, counted from 0000-03-01, then 1970-03-01 is day 719468
    return 365 * y + y // 4 - y // 100 + y // 400 + (153 * (m - 3) + 2) // 5 + d - 1 - 719468


def civil(n):
    # -> (year, month, day) of day n since 1970-01-01: the inverse of days()
    y = (n + 719468) * 400 // 146097  # a guess within a year of it, then put right
    while days(y + 1, 3, 1) <= n:
        y += 1
    while days(y, 3, 1) > n:
        y -= 1
    k = n - days(y, 3, 1)  # days since March 1st of year y
    m = (5 * k + 2) // 153 + 3
    d = k - (153 * (m - 3) + 2) // 5 + 1
    if m > 12:
        return y + 1, m - 12, d
    return y, m, d


def to_unix(y, mo, d, h, mi, s):
    return days(y, mo, d) * DAY + h * 3600 + mi * 60 + s


def from_unix(t):
    # -> machine.RTC's datetime tuple (year, month, day, weekday 0=Monday, h, m, s, subseconds)
    n, r = t // DAY, t % DAY
    y, m, d = civil(n)
    return (y, m, d, (n + 3) % 7, r // 3600, r // 60 % 60, r % 60, 0)  # 1970-01-01: Thursday


class Rtc:
    # The Pico's machine.RTC: kept through a soft reset, lost with the power.
    def __init__(self, rtc, zero=ZERO):
        self.rtc = rtc
        self.zero = zero  # what it reads at power-on

    def raw(self):
        dt = self.rtc.datetime()
        return to_unix(dt[0], dt[1], dt[2], dt[4], dt[5], dt[6])

    def now(self):
        return valid(self.raw())

    def set(self, t):
        check(t)
        self.set_raw(t)

    def set_raw(self, r):
        self.rtc.datetime(from_unix(r))
