from regalia.cli import main

main()
