#ifndef CSYSTEMDBUS_SHIM_H
#define CSYSTEMDBUS_SHIM_H
#include <systemd/sd-bus.h>
#endif
