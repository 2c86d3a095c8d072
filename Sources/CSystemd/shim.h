// libsystemd's service-manager notification calls (sd_notify, sd_watchdog_enabled).
#include <systemd/sd-daemon.h>
