/// The files `pbtool service install` writes, as text: the D-Bus policy, the systemd unit and
/// the D-Bus activation file (docs/service.md). Paths are relative to the installation root.
struct ServiceFiles {
    /// Where pbtool is installed (`PREFIX/bin/pbtool`).
    let prefix: String
    /// `pbtool service run`'s arguments after `run` (store, key, sensor, card users).
    let arguments: [String]

    static let unitName = "pbtool-fprint.service"
    static let policyPath = "etc/dbus-1/system.d/pbtool-fprint.conf"
    static let unitPath = "etc/systemd/system/" + unitName
    // /usr/local/share comes before /usr/share among the system service directories, so this
    // file wins over fprintd's own activation file for the same name.
    static let activationPath = "usr/local/share/dbus-1/system-services/net.reactivated.Fprint.service"

    /// Where the unit reads the card's admin key from, off every command line.
    static let adminKeyEnvironmentPath = "/etc/pbtool/card-admin.env"

    var commandLine: String {
        ([prefix + "/bin/pbtool", "service", "run"] + arguments).map(Self.quoted).joined(separator: " ")
    }

    /// Only root owns the name; everyone may call it (the service decides who may do what).
    var policy: String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <!-- Written by pbtool service install: pbtool serves fprintd's API (docs/service.md). -->
        <busconfig>
          <policy user="root">
            <allow own="\(FprintInterfaces.busName)"/>
          </policy>
          <policy context="default">
            <allow send_destination="\(FprintInterfaces.busName)" send_interface="\(FprintInterfaces.manager.name)"/>
            <allow send_destination="\(FprintInterfaces.busName)" send_interface="\(FprintInterfaces.device.name)"/>
            <allow send_destination="\(FprintInterfaces.busName)" send_interface="org.freedesktop.DBus.Introspectable"/>
            <allow send_destination="\(FprintInterfaces.busName)" send_interface="org.freedesktop.DBus.Properties"/>
            <allow send_destination="\(FprintInterfaces.busName)" send_interface="org.freedesktop.DBus.Peer"/>
          </policy>
        </busconfig>

        """
    }

    var unit: String {
        """
        # Written by pbtool service install (docs/service.md).
        [Unit]
        Description=pbtool fingerprint service (fprintd's D-Bus API)
        Documentation=man:pbtool-service(1)
        Conflicts=fprintd.service

        [Service]
        Type=dbus
        BusName=\(FprintInterfaces.busName)
        # PBTOOL_ADMIN_KEY=… here (root's, mode 0600) lets the service enrol onto cards; optional.
        EnvironmentFile=-\(Self.adminKeyEnvironmentPath)
        ExecStart=\(commandLine)
        Restart=on-failure
        NoNewPrivileges=yes
        PrivateTmp=yes
        ProtectHome=yes
        ProtectSystem=strict
        StateDirectory=pbtool
        ReadWritePaths=/var/lib/pbtool

        [Install]
        Alias=dbus-\(FprintInterfaces.busName).service

        """
    }

    var activation: String {
        """
        # Written by pbtool service install (docs/service.md).
        [D-BUS Service]
        Name=\(FprintInterfaces.busName)
        Exec=\(commandLine)
        User=root
        SystemdService=\(Self.unitName)

        """
    }

    /// Each file with its path under the root.
    var all: [(path: String, text: String)] {
        [(Self.policyPath, policy), (Self.unitPath, unit), (Self.activationPath, activation)]
    }

    private static func quoted(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || "/-_.:=,@".contains($0) } ? word : "\"" + word.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
