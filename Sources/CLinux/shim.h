// Linux event-loop and evdev calls that Swift's Glibc module does not export.
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <linux/input.h>

// The evdev ioctl request numbers are function-like macros, which Swift cannot import.
static inline int kp_evdev_abs_info(int fd, int axis, struct input_absinfo *info) {
    return ioctl(fd, EVIOCGABS(axis), info);
}
static inline int kp_evdev_name(int fd, char *buf, int len) {
    return ioctl(fd, EVIOCGNAME(len), buf);
}
// Kernel uevents (display hotplug without udevd): NETLINK_KOBJECT_UEVENT, struct sockaddr_nl.
#include <linux/netlink.h>
// Kernel timestamps of evdev events on CLOCK_MONOTONIC (the default is CLOCK_REALTIME), so
// input-to-flip latency compares with the display loop's clock.
static inline int kp_evdev_set_clock(int fd, int clockid) {
    return ioctl(fd, EVIOCSCLOCKID, &clockid);
}
