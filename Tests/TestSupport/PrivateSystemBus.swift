import Foundation
import Spawning

/// A `dbus-daemon` of the test's own with a system-bus configuration: clients reach it through
/// `DBUS_SYSTEM_BUS_ADDRESS` (``environment``). It has no service directory, so nothing is
/// started by D-Bus activation (fprintd's own daemon in particular never runs). Stopped on release.
public final class PrivateSystemBus {
    /// The scratch directory holding the socket and the configuration.
    public let directory: String
    /// The bus address, `unix:path=…`.
    public let address: String
    private let daemon: ChildProcess

    /// Whether `dbus-daemon` is installed (Debian package dbus).
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") }

    /// Starts the daemon with the default deny-all system policy plus `policy` (`<policy>`
    /// elements, or `<include>` lines naming policy files), and waits until it prints its address.
    public init(policy: String) throws {
        var template = Array("/tmp/pbtool-bus-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw LiveStackError("cannot create a directory for the private bus") }
        directory = String(cString: made)
        // Other users' clients (a test running one as nobody) must reach the socket inside.
        chmod(directory, 0o755)
        let configuration = directory + "/system.conf"
        try Self.configuration(socket: directory + "/bus", policy: policy).write(toFile: configuration, atomically: true, encoding: .utf8)
        daemon = try ChildProcess("/usr/bin/dbus-daemon", ["--config-file=" + configuration, "--nofork", "--print-address"])
        address = try daemon.waitForLine { $0.hasPrefix("unix:") }
    }

    deinit {
        daemon.send(SIGTERM)
        _ = try? daemon.waitForExit()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `DBUS_SYSTEM_BUS_ADDRESS` for clients and services of this bus.
    public var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": address] }

    // The shape of Debian's /usr/share/dbus-1/system.conf: deny by default, allow replies and
    // signals, let everyone talk to the bus itself; no <servicedir>, so no activation.
    private static func configuration(socket: String, policy: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <deny own="*"/>
            <deny send_type="method_call"/>
            <allow send_type="signal"/>
            <allow send_requested_reply="true" send_type="method_return"/>
            <allow send_requested_reply="true" send_type="error"/>
            <allow receive_type="method_call"/>
            <allow receive_type="method_return"/>
            <allow receive_type="error"/>
            <allow receive_type="signal"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
          </policy>
        \(policy)
        </busconfig>
        """
    }
}
