// libinput and libudev, opened with dlopen on first use, not linked.
//
// Only `run` needs them, and only where udevd runs (libinput for input, a libudev monitor for
// display hotplug); linked, libinput and what it pulls in (libudev, libevdev, libmtdev,
// libwacom, libgudev) were loaded and relocated in every process, render, check and bench
// included (docs/performance.md, "Where the memory goes"). The headers still give the types
// and constants; each knob_X below has exactly X's prototype (the compiler checks each call
// against the header's declaration through __typeof__) and calls X through a pointer looked up
// once. Call knob_udev_load() / knob_libinput_load() first: NULL when the library and every
// symbol used here are there, else why not. One thread (the panel's loop) calls these.
#include <libinput.h>
#include <libudev.h>
#include <linux/input-event-codes.h>
#include <dlfcn.h>
#include <stddef.h>

#define KNOB_UDEV_SONAME "libudev.so.1"
#define KNOB_LIBINPUT_SONAME "libinput.so.10"

// dlopen once per library (a failure is retried at the next call: cheap, and only on error paths).
static inline void *knob_input_symbol(void **library, const char *soname, const char *name) {
    if (!*library) *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    return *library ? dlsym(*library, name) : NULL;
}
static inline void *knob_udev_symbol(const char *name) {
    static void *library;
    return knob_input_symbol(&library, KNOB_UDEV_SONAME, name);
}
static inline void *knob_libinput_symbol(const char *name) {
    static void *library;
    return knob_input_symbol(&library, KNOB_LIBINPUT_SONAME, name);
}

// The function pointer for `name`, resolved on the first call of its wrapper.
#define KNOB_UDEV_FUNCTION(name) \
    static __typeof__(&name) function; \
    if (!function) function = (__typeof__(&name))knob_udev_symbol(#name)
#define KNOB_LIBINPUT_FUNCTION(name) \
    static __typeof__(&name) function; \
    if (!function) function = (__typeof__(&name))knob_libinput_symbol(#name)

// NULL when every name resolves through `symbol`; else dlerror's text (or `missing`).
static inline const char *knob_input_check(void *(*symbol)(const char *), const char *const *names, size_t count,
                                           const char *missing) {
    for (size_t i = 0; i < count; i++) {
        if (!symbol(names[i])) {
            const char *why = dlerror();
            return why ? why : missing;
        }
    }
    return NULL;
}

// NULL when libudev is loaded with every symbol below; else why not.
static inline const char *knob_udev_load(void) {
    static const char *const names[] = {
        "udev_device_get_action", "udev_device_get_devnode", "udev_device_get_property_value",
        "udev_device_get_subsystem", "udev_device_get_sysname", "udev_device_unref",
        "udev_monitor_enable_receiving", "udev_monitor_filter_add_match_subsystem_devtype",
        "udev_monitor_get_fd", "udev_monitor_new_from_netlink", "udev_monitor_receive_device",
        "udev_monitor_unref", "udev_new", "udev_unref",
    };
    return knob_input_check(knob_udev_symbol, names, sizeof names / sizeof names[0], "cannot load " KNOB_UDEV_SONAME);
}

// NULL when libinput is loaded with every symbol below; else why not.
static inline const char *knob_libinput_load(void) {
    static const char *const names[] = {
        "libinput_device_config_calibration_has_matrix", "libinput_device_config_calibration_set_matrix",
        "libinput_device_get_name", "libinput_device_get_size", "libinput_device_get_sysname",
        "libinput_device_has_capability", "libinput_dispatch", "libinput_event_destroy",
        "libinput_event_get_device", "libinput_event_get_keyboard_event",
        "libinput_event_get_pointer_event", "libinput_event_get_touch_event", "libinput_event_get_type",
        "libinput_event_keyboard_get_key", "libinput_event_keyboard_get_key_state",
        "libinput_event_keyboard_get_time_usec", "libinput_event_pointer_get_absolute_x_transformed",
        "libinput_event_pointer_get_absolute_y_transformed", "libinput_event_pointer_get_button",
        "libinput_event_pointer_get_button_state", "libinput_event_pointer_get_dx",
        "libinput_event_pointer_get_dy", "libinput_event_pointer_get_scroll_value_v120",
        "libinput_event_pointer_get_time_usec", "libinput_event_pointer_has_axis",
        "libinput_event_touch_get_seat_slot", "libinput_event_touch_get_time_usec",
        "libinput_event_touch_get_x_transformed", "libinput_event_touch_get_y_transformed",
        "libinput_get_event", "libinput_get_fd", "libinput_path_add_device",
        "libinput_path_create_context", "libinput_path_remove_device", "libinput_unref",
    };
    return knob_input_check(knob_libinput_symbol, names, sizeof names / sizeof names[0], "cannot load " KNOB_LIBINPUT_SONAME);
}

// libudev
static inline const char *knob_udev_device_get_action(struct udev_device *udev_device) {
    KNOB_UDEV_FUNCTION(udev_device_get_action); return function(udev_device);
}
static inline const char *knob_udev_device_get_devnode(struct udev_device *udev_device) {
    KNOB_UDEV_FUNCTION(udev_device_get_devnode); return function(udev_device);
}
static inline const char *knob_udev_device_get_property_value(struct udev_device *udev_device, const char *key) {
    KNOB_UDEV_FUNCTION(udev_device_get_property_value); return function(udev_device, key);
}
static inline const char *knob_udev_device_get_subsystem(struct udev_device *udev_device) {
    KNOB_UDEV_FUNCTION(udev_device_get_subsystem); return function(udev_device);
}
static inline const char *knob_udev_device_get_sysname(struct udev_device *udev_device) {
    KNOB_UDEV_FUNCTION(udev_device_get_sysname); return function(udev_device);
}
static inline struct udev_device *knob_udev_device_unref(struct udev_device *udev_device) {
    KNOB_UDEV_FUNCTION(udev_device_unref); return function(udev_device);
}
static inline int knob_udev_monitor_enable_receiving(struct udev_monitor *udev_monitor) {
    KNOB_UDEV_FUNCTION(udev_monitor_enable_receiving); return function(udev_monitor);
}
static inline int knob_udev_monitor_filter_add_match_subsystem_devtype(struct udev_monitor *udev_monitor, const char *subsystem, const char *devtype) {
    KNOB_UDEV_FUNCTION(udev_monitor_filter_add_match_subsystem_devtype); return function(udev_monitor, subsystem, devtype);
}
static inline int knob_udev_monitor_get_fd(struct udev_monitor *udev_monitor) {
    KNOB_UDEV_FUNCTION(udev_monitor_get_fd); return function(udev_monitor);
}
static inline struct udev_monitor *knob_udev_monitor_new_from_netlink(struct udev *udev, const char *name) {
    KNOB_UDEV_FUNCTION(udev_monitor_new_from_netlink); return function(udev, name);
}
static inline struct udev_device *knob_udev_monitor_receive_device(struct udev_monitor *udev_monitor) {
    KNOB_UDEV_FUNCTION(udev_monitor_receive_device); return function(udev_monitor);
}
static inline struct udev_monitor *knob_udev_monitor_unref(struct udev_monitor *udev_monitor) {
    KNOB_UDEV_FUNCTION(udev_monitor_unref); return function(udev_monitor);
}
static inline struct udev *knob_udev_new(void) {
    KNOB_UDEV_FUNCTION(udev_new); return function();
}
static inline struct udev *knob_udev_unref(struct udev *udev) {
    KNOB_UDEV_FUNCTION(udev_unref); return function(udev);
}

// libinput
static inline int knob_libinput_device_config_calibration_has_matrix(struct libinput_device *device) {
    KNOB_LIBINPUT_FUNCTION(libinput_device_config_calibration_has_matrix); return function(device);
}
static inline enum libinput_config_status knob_libinput_device_config_calibration_set_matrix(struct libinput_device *device, const float matrix[6]) {
    KNOB_LIBINPUT_FUNCTION(libinput_device_config_calibration_set_matrix); return function(device, matrix);
}
static inline const char *knob_libinput_device_get_name(struct libinput_device *device) {
    KNOB_LIBINPUT_FUNCTION(libinput_device_get_name); return function(device);
}
static inline int knob_libinput_device_get_size(struct libinput_device *device, double *width, double *height) {
    KNOB_LIBINPUT_FUNCTION(libinput_device_get_size); return function(device, width, height);
}
static inline const char *knob_libinput_device_get_sysname(struct libinput_device *device) {
    KNOB_LIBINPUT_FUNCTION(libinput_device_get_sysname); return function(device);
}
static inline int knob_libinput_device_has_capability(struct libinput_device *device, enum libinput_device_capability capability) {
    KNOB_LIBINPUT_FUNCTION(libinput_device_has_capability); return function(device, capability);
}
static inline int knob_libinput_dispatch(struct libinput *libinput) {
    KNOB_LIBINPUT_FUNCTION(libinput_dispatch); return function(libinput);
}
static inline void knob_libinput_event_destroy(struct libinput_event *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_destroy); function(event);
}
static inline struct libinput_device *knob_libinput_event_get_device(struct libinput_event *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_get_device); return function(event);
}
static inline struct libinput_event_keyboard *knob_libinput_event_get_keyboard_event(struct libinput_event *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_get_keyboard_event); return function(event);
}
static inline struct libinput_event_pointer *knob_libinput_event_get_pointer_event(struct libinput_event *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_get_pointer_event); return function(event);
}
static inline struct libinput_event_touch *knob_libinput_event_get_touch_event(struct libinput_event *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_get_touch_event); return function(event);
}
static inline enum libinput_event_type knob_libinput_event_get_type(struct libinput_event *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_get_type); return function(event);
}
static inline uint32_t knob_libinput_event_keyboard_get_key(struct libinput_event_keyboard *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_keyboard_get_key); return function(event);
}
static inline enum libinput_key_state knob_libinput_event_keyboard_get_key_state(struct libinput_event_keyboard *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_keyboard_get_key_state); return function(event);
}
static inline uint64_t knob_libinput_event_keyboard_get_time_usec(struct libinput_event_keyboard *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_keyboard_get_time_usec); return function(event);
}
static inline double knob_libinput_event_pointer_get_absolute_x_transformed(struct libinput_event_pointer *event, uint32_t width) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_get_absolute_x_transformed); return function(event, width);
}
static inline double knob_libinput_event_pointer_get_absolute_y_transformed(struct libinput_event_pointer *event, uint32_t height) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_get_absolute_y_transformed); return function(event, height);
}
static inline uint32_t knob_libinput_event_pointer_get_button(struct libinput_event_pointer *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_get_button); return function(event);
}
static inline enum libinput_button_state knob_libinput_event_pointer_get_button_state(struct libinput_event_pointer *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_get_button_state); return function(event);
}
static inline double knob_libinput_event_pointer_get_dx(struct libinput_event_pointer *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_get_dx); return function(event);
}
static inline double knob_libinput_event_pointer_get_dy(struct libinput_event_pointer *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_get_dy); return function(event);
}
static inline double knob_libinput_event_pointer_get_scroll_value_v120(struct libinput_event_pointer *event, enum libinput_pointer_axis axis) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_get_scroll_value_v120); return function(event, axis);
}
static inline uint64_t knob_libinput_event_pointer_get_time_usec(struct libinput_event_pointer *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_get_time_usec); return function(event);
}
static inline int knob_libinput_event_pointer_has_axis(struct libinput_event_pointer *event, enum libinput_pointer_axis axis) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_pointer_has_axis); return function(event, axis);
}
static inline int32_t knob_libinput_event_touch_get_seat_slot(struct libinput_event_touch *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_touch_get_seat_slot); return function(event);
}
static inline uint64_t knob_libinput_event_touch_get_time_usec(struct libinput_event_touch *event) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_touch_get_time_usec); return function(event);
}
static inline double knob_libinput_event_touch_get_x_transformed(struct libinput_event_touch *event, uint32_t width) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_touch_get_x_transformed); return function(event, width);
}
static inline double knob_libinput_event_touch_get_y_transformed(struct libinput_event_touch *event, uint32_t height) {
    KNOB_LIBINPUT_FUNCTION(libinput_event_touch_get_y_transformed); return function(event, height);
}
static inline struct libinput_event *knob_libinput_get_event(struct libinput *libinput) {
    KNOB_LIBINPUT_FUNCTION(libinput_get_event); return function(libinput);
}
static inline int knob_libinput_get_fd(struct libinput *libinput) {
    KNOB_LIBINPUT_FUNCTION(libinput_get_fd); return function(libinput);
}
static inline struct libinput_device *knob_libinput_path_add_device(struct libinput *libinput, const char *path) {
    KNOB_LIBINPUT_FUNCTION(libinput_path_add_device); return function(libinput, path);
}
static inline struct libinput *knob_libinput_path_create_context(const struct libinput_interface *interface, void *user_data) {
    KNOB_LIBINPUT_FUNCTION(libinput_path_create_context); return function(interface, user_data);
}
static inline void knob_libinput_path_remove_device(struct libinput_device *device) {
    KNOB_LIBINPUT_FUNCTION(libinput_path_remove_device); function(device);
}
static inline struct libinput *knob_libinput_unref(struct libinput *libinput) {
    KNOB_LIBINPUT_FUNCTION(libinput_unref); return function(libinput);
}
