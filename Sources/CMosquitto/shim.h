// libmosquitto (Eclipse Mosquitto's client library), driven from the panel's own poll loop.
//
// The library is opened with dlopen when MQTT is first used (run --mqtt), not linked: linked,
// it and the OpenSSL it needs for mqtts:// (libssl, libcrypto) are loaded and relocated in
// every process, about 1.8 MiB resident for a panel that never talks MQTT
// (docs/performance.md, "Where the memory goes"). mosquitto.h still gives the types and
// constants; each knob_mosquitto_X below has exactly mosquitto_X's prototype (__typeof__ of
// the header's declaration, so the compiler checks every call) and calls it through a pointer
// looked up once. Call knob_mosquitto_load() first: it tells whether the library and every
// symbol used here are there. One thread (the panel's loop) calls these.
#include <mosquitto.h>
#include <mqtt_protocol.h>
#include <dlfcn.h>
#include <stddef.h>

#define KNOB_MOSQUITTO_SONAME "libmosquitto.so.1"

static inline void *knob_mosquitto_symbol(const char *name) {
    static void *library;
    if (!library) library = dlopen(KNOB_MOSQUITTO_SONAME, RTLD_NOW | RTLD_LOCAL);
    return library ? dlsym(library, name) : NULL;
}

// The function pointer for `name`, resolved on the first call of its wrapper.
#define KNOB_MOSQUITTO_FUNCTION(name) \
    static __typeof__(&name) function; \
    if (!function) function = (__typeof__(&name))knob_mosquitto_symbol(#name)

// NULL when libmosquitto is loaded with every symbol below; else why not (dlerror's text).
static inline const char *knob_mosquitto_load(void) {
    static const char *const names[] = {
        "mosquitto_lib_init", "mosquitto_new", "mosquitto_destroy", "mosquitto_user_data_set",
        "mosquitto_int_option", "mosquitto_username_pw_set", "mosquitto_tls_set", "mosquitto_will_set",
        "mosquitto_connect_callback_set", "mosquitto_message_callback_set", "mosquitto_log_callback_set",
        "mosquitto_strerror", "mosquitto_connack_string", "mosquitto_connect_async",
        "mosquitto_reconnect_async", "mosquitto_publish", "mosquitto_subscribe", "mosquitto_unsubscribe",
        "mosquitto_want_write", "mosquitto_socket", "mosquitto_loop_read", "mosquitto_loop_write",
        "mosquitto_loop_misc", "mosquitto_disconnect", "mosquitto_publish_callback_set",
        "mosquitto_connect_bind_v5", "mosquitto_property_add_int32", "mosquitto_property_free_all",
        "mosquitto_reason_string",
    };
    if (!knob_mosquitto_symbol(names[0])) {
        const char *why = dlerror();
        return why ? why : "cannot open " KNOB_MOSQUITTO_SONAME;
    }
    for (size_t i = 1; i < sizeof names / sizeof names[0]; i++) {
        if (!knob_mosquitto_symbol(names[i])) {
            const char *why = dlerror();
            return why ? why : "a libmosquitto function is missing";
        }
    }
    return NULL;
}

static inline int knob_mosquitto_lib_init(void) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_lib_init); return function();
}
static inline struct mosquitto *knob_mosquitto_new(const char *id, bool clean_session, void *obj) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_new); return function(id, clean_session, obj);
}
static inline void knob_mosquitto_destroy(struct mosquitto *mosq) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_destroy); function(mosq);
}
static inline void knob_mosquitto_user_data_set(struct mosquitto *mosq, void *obj) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_user_data_set); function(mosq, obj);
}
static inline int knob_mosquitto_int_option(struct mosquitto *mosq, enum mosq_opt_t option, int value) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_int_option); return function(mosq, option, value);
}
static inline int knob_mosquitto_username_pw_set(struct mosquitto *mosq, const char *username, const char *password) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_username_pw_set); return function(mosq, username, password);
}
static inline int knob_mosquitto_tls_set(struct mosquitto *mosq, const char *cafile, const char *capath,
                                         const char *certfile, const char *keyfile,
                                         int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_tls_set); return function(mosq, cafile, capath, certfile, keyfile, pw_callback);
}
static inline int knob_mosquitto_will_set(struct mosquitto *mosq, const char *topic, int payloadlen,
                                          const void *payload, int qos, bool retain) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_will_set); return function(mosq, topic, payloadlen, payload, qos, retain);
}
static inline void knob_mosquitto_connect_callback_set(struct mosquitto *mosq,
                                                       void (*on_connect)(struct mosquitto *, void *, int)) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_connect_callback_set); function(mosq, on_connect);
}
static inline void knob_mosquitto_message_callback_set(struct mosquitto *mosq,
        void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *)) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_message_callback_set); function(mosq, on_message);
}
static inline void knob_mosquitto_log_callback_set(struct mosquitto *mosq,
                                                   void (*on_log)(struct mosquitto *, void *, int, const char *)) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_log_callback_set); function(mosq, on_log);
}
static inline const char *knob_mosquitto_strerror(int mosq_errno) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_strerror); return function(mosq_errno);
}
static inline const char *knob_mosquitto_connack_string(int connack_code) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_connack_string); return function(connack_code);
}
static inline int knob_mosquitto_connect_async(struct mosquitto *mosq, const char *host, int port, int keepalive) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_connect_async); return function(mosq, host, port, keepalive);
}
static inline int knob_mosquitto_reconnect_async(struct mosquitto *mosq) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_reconnect_async); return function(mosq);
}
static inline int knob_mosquitto_publish(struct mosquitto *mosq, int *mid, const char *topic, int payloadlen,
                                         const void *payload, int qos, bool retain) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_publish); return function(mosq, mid, topic, payloadlen, payload, qos, retain);
}
static inline int knob_mosquitto_subscribe(struct mosquitto *mosq, int *mid, const char *sub, int qos) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_subscribe); return function(mosq, mid, sub, qos);
}
static inline int knob_mosquitto_unsubscribe(struct mosquitto *mosq, int *mid, const char *sub) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_unsubscribe); return function(mosq, mid, sub);
}
static inline bool knob_mosquitto_want_write(struct mosquitto *mosq) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_want_write); return function(mosq);
}
static inline int knob_mosquitto_socket(struct mosquitto *mosq) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_socket); return function(mosq);
}
static inline int knob_mosquitto_loop_read(struct mosquitto *mosq, int max_packets) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_loop_read); return function(mosq, max_packets);
}
static inline int knob_mosquitto_loop_write(struct mosquitto *mosq, int max_packets) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_loop_write); return function(mosq, max_packets);
}
static inline int knob_mosquitto_loop_misc(struct mosquitto *mosq) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_loop_misc); return function(mosq);
}
static inline int knob_mosquitto_disconnect(struct mosquitto *mosq) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_disconnect); return function(mosq);
}
static inline void knob_mosquitto_publish_callback_set(struct mosquitto *mosq,
                                                       void (*on_publish)(struct mosquitto *, void *, int)) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_publish_callback_set); function(mosq, on_publish);
}
static inline int knob_mosquitto_connect_bind_v5(struct mosquitto *mosq, const char *host, int port, int keepalive,
                                                 const char *bind_address, const mosquitto_property *properties) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_connect_bind_v5); return function(mosq, host, port, keepalive, bind_address, properties);
}
static inline int knob_mosquitto_property_add_int32(mosquitto_property **proplist, int identifier, uint32_t value) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_property_add_int32); return function(proplist, identifier, value);
}
static inline void knob_mosquitto_property_free_all(mosquitto_property **properties) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_property_free_all); function(properties);
}
static inline const char *knob_mosquitto_reason_string(int reason_code) {
    KNOB_MOSQUITTO_FUNCTION(mosquitto_reason_string); return function(reason_code);
}
