import Glibc

exit(FuzzCommandLine.main(CommandLine.arguments))
