import ArgumentParser
import Files
import Foundation

/// `pbtool service install`: the D-Bus policy, the systemd unit and the activation file; on the
/// running system also fprintd stopped and masked and the service enabled.
struct ServiceInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install the service: D-Bus policy, systemd unit, activation file; stop and mask fprintd.",
        discussion: """
            Writes the D-Bus policy (etc/dbus-1/system.d/pbtool-fprint.conf), the systemd unit \
            (etc/systemd/system/\(ServiceFiles.unitName)) and the D-Bus activation file for \
            \(FprintInterfaces.busName) (in usr/local/share/dbus-1/system-services, which comes \
            before fprintd's) under --root, replacing earlier copies. With --root / \
            on a system running systemd it then stops, disables and masks fprintd.service, enables \
            \(ServiceFiles.unitName) and reloads D-Bus; elsewhere it only writes the files. The \
            store must exist: create it with `pbtool db init --db DB --key-file KEY`.

            Exit codes: 0 installed; 2 usage or a file that cannot be written. See docs/service.md.

            Examples:
              sudo pbtool service install
              sudo pbtool service install --sensor vfs5011 --card-user alice
              pbtool service install --root /tmp/image --prefix /usr
            """
    )

    @Option(help: ArgumentHelp("The root of the installation (a chroot or image).", valueName: "dir"))
    var root = "/"

    @Option(help: ArgumentHelp("Where pbtool is installed: the service runs PREFIX/bin/pbtool.", valueName: "dir"))
    var prefix = "/usr/local"

    @Option(help: ArgumentHelp("The template store the service uses.", valueName: "path"))
    var db = "/var/lib/pbtool/templates.db"

    @Option(name: .customLong("key-file"), help: ArgumentHelp("The key file (root's, mode 0600) that unlocks it.", valueName: "file"))
    var keyFile = "/etc/pbtool/service.key"

    @Option(help: "The sensor the service uses (as --sensor of `pbtool service run`).")
    var sensor = "auto"

    @Option(name: .customLong("card-user"), help: ArgumentHelp("A user whose card decides (repeatable).", valueName: "user"))
    var cardUsers: [String] = []

    func run() throws {
        let arguments = ["--db", db, "--key-file", keyFile, "--sensor", sensor] + cardUsers.flatMap { ["--card-user", $0] }
        let files = ServiceFiles(prefix: prefix, arguments: arguments)
        for file in files.all {
            let path = (root.hasSuffix("/") ? root : root + "/") + file.path
            try OutputFolder.prepare((path as NSString).deletingLastPathComponent, role: "service folder")
            let output = try OutputFile(path, role: "service file", existing: .replace, mode: 0o644)
            try output.write(Array(file.text.utf8))
            try output.commit()
            print("wrote \(path)")
        }
        guard root == "/" else { return }
        SystemdTakeover.run()
    }
}

/// On the running system: fprintd out of the way, pbtool's unit in, D-Bus told.
enum SystemdTakeover {
    static func run() {
        guard FileManager.default.fileExists(atPath: "/run/systemd/system") else {
            print("systemd is not running: start `pbtool service run` yourself, and stop fprintd if it runs")
            return
        }
        for step in [["daemon-reload"], ["disable", "--now", "fprintd.service"], ["mask", "fprintd.service"],
                     ["enable", ServiceFiles.unitName], ["reload", "dbus.service"]] {
            let status = systemctl(step)
            print("systemctl \(step.joined(separator: " ")): \(status == 0 ? "done" : "exit \(status)")")
        }
    }

    private static func systemctl(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/systemctl")
        process.arguments = arguments
        guard (try? process.run()) != nil else { return 127 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
