// libmosquitto (Eclipse Mosquitto's client library), driven from the panel's own poll loop.
#include <mosquitto.h>
