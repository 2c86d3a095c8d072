// Linux event-loop calls that Swift's Glibc module does not export.
#include <poll.h>
#include <signal.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
