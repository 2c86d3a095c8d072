// Linux event-loop and evdev calls that Swift's Glibc module does not export.
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <linux/input.h>
#include <linux/vt.h>
#include <linux/kd.h>
#include <linux/major.h>

// The evdev ioctl request numbers are function-like macros, which Swift cannot import.
static inline int kp_evdev_abs_info(int fd, int axis, struct input_absinfo *info) {
    return ioctl(fd, EVIOCGABS(axis), info);
}
static inline int kp_evdev_name(int fd, char *buf, int len) {
    return ioctl(fd, EVIOCGNAME(len), buf);
}
// The kernel's current state, which a reader resyncs to after SYN_DROPPED: held keys as a
// bit array, and one multitouch axis in every slot (values[0] names the axis on the way in).
static inline int kp_evdev_keys(int fd, unsigned char *bits, int len) {
    return ioctl(fd, EVIOCGKEY(len), bits);
}
static inline int kp_evdev_mt_slots(int fd, int *values, int count) {
    return ioctl(fd, EVIOCGMTSLOTS(count * sizeof(int)), values);
}
// Kernel uevents (display hotplug without udevd): NETLINK_KOBJECT_UEVENT, struct sockaddr_nl.
#include <linux/netlink.h>
// Kernel timestamps of evdev events on CLOCK_MONOTONIC (the default is CLOCK_REALTIME), so
// input-to-flip latency compares with the display loop's clock.
static inline int kp_evdev_set_clock(int fd, int clockid) {
    return ioctl(fd, EVIOCSCLOCKID, &clockid);
}

// Virtual terminals (VT switching, console keyboard and graphics mode). The request numbers
// are plain constants, but ioctl() is variadic, which Swift cannot call.
static inline int kp_tty_device(int fd, unsigned int *dev) { return ioctl(fd, TIOCGDEV, dev); }
static inline int kp_vt_get_state(int fd, struct vt_stat *state) { return ioctl(fd, VT_GETSTATE, state); }
static inline int kp_vt_get_mode(int fd, struct vt_mode *mode) { return ioctl(fd, VT_GETMODE, mode); }
static inline int kp_vt_set_mode(int fd, const struct vt_mode *mode) { return ioctl(fd, VT_SETMODE, mode); }
static inline int kp_vt_release_display(int fd, int how) { return ioctl(fd, VT_RELDISP, how); }
static inline int kp_kd_get_mode(int fd, int *mode) { return ioctl(fd, KDGETMODE, mode); }
static inline int kp_kd_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, mode); }
static inline int kp_kd_get_keyboard_mode(int fd, int *mode) { return ioctl(fd, KDGKBMODE, mode); }
static inline int kp_kd_set_keyboard_mode(int fd, int mode) { return ioctl(fd, KDSKBMODE, mode); }

// The calling thread's id (gettid() needs _GNU_SOURCE): a worker thread lowers its own
// priority with setpriority(PRIO_PROCESS, tid, …) so the loop's thread wins the CPU.
#include <unistd.h>
#include <sys/syscall.h>
static inline int kp_gettid(void) { return (int)syscall(SYS_gettid); }
// Gives freed heap pages back to the system (after a connection's queues are freed): glibc
// keeps them otherwise, and a panel's resident memory would stay at its worst for months.
#include <malloc.h>

// The first real-time signal (SIGRTMIN is a function-like macro Swift cannot import).
#include <signal.h>
static inline int kp_sigrtmin(void) { return SIGRTMIN; }
