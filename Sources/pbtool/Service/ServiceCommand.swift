import ArgumentParser

/// `pbtool service`: the fprintd-compatible D-Bus service, and installing it.
struct ServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Serve fprintd's D-Bus API (net.reactivated.Fprint) with pbtool's sensor and store.",
        discussion: """
            `pbtool service run` owns net.reactivated.Fprint on the system bus \
            ($DBUS_SYSTEM_BUS_ADDRESS when set), so fprintd's clients (fprintd-enroll, \
            fprintd-verify, fprintd-list, fprintd-delete, pam_fprintd, GNOME and KDE settings) \
            enrol and verify through pbtool. See docs/service.md.
            """,
        subcommands: [ServiceRunCommand.self, ServiceInstallCommand.self]
    )
}
